// What a resource declares to be searchable: its fields (REST paths) and their weights, and
// the columns behind the facets, filters and sorts of POST /v1/search. One declaration per
// resource, in its module (`search:` in src/modules/<area>/index.ts); the search module reads
// them all, and the database triggers that keep the search documents fresh are generated from
// them (src/search/sql.ts; a new declaration needs a migration with that SQL).

/** A: strongest (ids, names), D: weakest; ts_rank's default weights 1, 0.4, 0.2, 0.1. */
export type SearchWeight = 'A' | 'B' | 'C' | 'D';

export interface SearchField {
  /**
   * REST path of the text: a field of the model (`email`, `tracking_number`, `id`), a field of
   * a list relation (`items.name`: every item), or of a to-one relation (`customer.name`). A
   * to-one relation to another permission resource is matched only for keys that may read it.
   */
  path: string;
  weight: SearchWeight;
  /** typo tolerance, and the field's words in the dictionary (suggestions); off for ids and codes */
  typos?: boolean;
}

export interface SearchDeclaration {
  /** the permission resource and the name in `resources` (`orders`) */
  resource: string;
  /** `resource_type` of a result (`order`) */
  type: string;
  /** the Prisma model (and table) */
  model: string;
  /** relations in the REST representation of a result (as GET /v1/<resource>/{id} shows them) */
  include?: Record<string, unknown>;
  fields: SearchField[];
  /** REST names of the keyword fields (facets, `filters.status`, `status:x`) */
  status?: string;
  currency?: string;
  /** REST name of the sortable amount (`amount`, `price`, `refund_amount`) */
  amount?: string;
  /** whether the model has `metadata` (facets `metadata.<key>`, `filters.tags`, `custom_fields`) */
  metadata?: boolean;
}

export function defineSearch(d: SearchDeclaration): SearchDeclaration {
  return d;
}
