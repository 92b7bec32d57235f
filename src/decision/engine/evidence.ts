// Evidence acceptance: which scenario claims become facts. A claim is rejected when its
// source is trusted less than the predicate's `min_trust` (`untrusted`) or when it is older
// than `max_age_secs` or outside its validity window at `now` (`stale`). Accepted claims on a
// `functional` predicate that give different values for the same subject conflict; the
// predicate's `on_conflict` picks the resolution.
import type { CompiledPack } from './compile.js';
import { renderAtom, renderTerm } from './terms.js';
import type { ConflictResolution, EvidenceConflict, Fact, RejectedClaim, Term } from './types.js';

export interface Claim {
  index: number;
  fact: Fact;
  name: string;
  args: Term[];
  key: string;
  source: string;
  trust: string;
  trustRank: number;
  /** seconds; undefined when neither age_secs nor observed_at is given. */
  age?: number;
}

export interface EvidenceOutcome {
  claims: Claim[];
  accepted: Claim[];
  rejected: RejectedClaim[];
  conflicts: EvidenceConflict[];
  unknown: string[];
  requiresHumanReview: boolean;
  reviewReasons: string[];
}

function describe(c: Claim): string {
  const age = c.age === undefined ? 'age unknown' : `${c.age}s old`;
  return `${c.key} from ${c.source} (${c.trust}, ${age})`;
}

/** Trust of a claim: the pack's level for its source; a lower self-declared trust is honoured. */
function trustOf(cp: CompiledPack, f: Fact): { source: string; trust: string; rank: number; known: boolean } {
  const source = f.provenance?.source ?? 'unspecified';
  const packLevel = f.provenance?.source !== undefined ? cp.pack.source_trust[source] : undefined;
  const lowest = cp.trustLevels[0];
  let trust = packLevel ?? lowest;
  const declared = f.provenance?.trust;
  if (declared !== undefined && cp.trustRank.has(declared) && cp.trustRank.get(declared)! < cp.trustRank.get(trust)!) trust = declared;
  return { source, trust, rank: cp.trustRank.get(trust) ?? 0, known: packLevel !== undefined };
}

export function assessEvidence(cp: CompiledPack, facts: readonly Fact[], nowMs: number): EvidenceOutcome {
  const claims: Claim[] = [];
  const rejected: RejectedClaim[] = [];
  const passing: Claim[] = [];
  facts.forEach((fact, index) => {
    const name = fact.predicate.name;
    const args = fact.predicate.args;
    const t = trustOf(cp, fact);
    let age = fact.age_secs;
    if (age === undefined && fact.provenance?.observed_at) {
      const obs = Date.parse(fact.provenance.observed_at);
      if (!Number.isNaN(obs)) age = Math.max(0, Math.floor((nowMs - obs) / 1000));
    }
    const claim: Claim = { index, fact, name, args, key: renderAtom(name, args), source: t.source, trust: t.trust, trustRank: t.rank, age };
    claims.push(claim);
    const req = cp.requirements[name];
    const reject = (reason: string, detail: string) =>
      rejected.push({ claim: claim.key, predicate: name, subject: args.length ? renderTerm(args[0]) : undefined, reason, detail });
    if (req?.min_trust !== undefined) {
      const need = cp.trustRank.get(req.min_trust) ?? 0;
      if (t.rank < need) {
        const why = t.known ? `source ${t.source} is trusted "${t.trust}"` : `source ${t.source} is not in the pack's source_trust, so it counts as "${t.trust}"`;
        reject('untrusted', `${why}; ${name} requires at least "${req.min_trust}"`);
        return;
      }
    }
    const vf = fact.provenance?.valid_from ? Date.parse(fact.provenance.valid_from) : NaN;
    const vu = fact.provenance?.valid_until ? Date.parse(fact.provenance.valid_until) : NaN;
    if (!Number.isNaN(vf) && nowMs < vf) {
      reject('stale', `not valid before ${fact.provenance!.valid_from}`);
      return;
    }
    if (!Number.isNaN(vu) && nowMs > vu) {
      reject('stale', `expired at ${fact.provenance!.valid_until}`);
      return;
    }
    if (req?.max_age_secs !== undefined) {
      if (age === undefined) {
        reject('stale', `no age or observation time, so freshness within ${req.max_age_secs}s cannot be shown`);
        return;
      }
      if (age > req.max_age_secs) {
        reject('stale', `observed ${age}s ago; ${name} must be at most ${req.max_age_secs}s old`);
        return;
      }
    }
    passing.push(claim);
  });

  // identical claims collapse to one fact (the most trusted, then the freshest, then the first)
  const byKey = new Map<string, Claim>();
  for (const c of passing) {
    const prev = byKey.get(c.key);
    if (!prev || c.trustRank > prev.trustRank || (c.trustRank === prev.trustRank && (c.age ?? Infinity) < (prev.age ?? Infinity)))
      byKey.set(c.key, c);
  }
  let accepted = passing.filter((c) => byKey.get(c.key) === c);

  const conflicts: EvidenceConflict[] = [];
  const unknown: string[] = [];
  const reviewReasons: string[] = [];
  const dropped = new Set<Claim>();
  const groups = new Map<string, Claim[]>();
  for (const c of accepted) {
    if (!cp.requirements[c.name]?.functional || c.args.length < 2) continue;
    const g = `${c.name}\u0000${renderTerm(c.args[0])}`;
    const list = groups.get(g);
    if (list) list.push(c);
    else groups.set(g, [c]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const name = group[0].name;
    const subject = renderTerm(group[0].args[0]);
    const on: ConflictResolution = cp.requirements[name]?.on_conflict ?? 'reject_all';
    let winner: Claim | undefined;
    const byTrust = (cs: Claim[]) => {
      const top = Math.max(...cs.map((c) => c.trustRank));
      return cs.filter((c) => c.trustRank === top);
    };
    const byRecency = (cs: Claim[]) => {
      const best = Math.min(...cs.map((c) => c.age ?? Infinity));
      return cs.filter((c) => (c.age ?? Infinity) === best);
    };
    if (on === 'prefer_highest_trust') {
      const top = byRecency(byTrust(group));
      if (top.length === 1) winner = top[0];
    } else if (on === 'prefer_most_recent') {
      const top = byTrust(byRecency(group));
      if (top.length === 1) winner = top[0];
    }
    const conflict: EvidenceConflict = { predicate: name, subject, claims: group.map(describe), resolution: on };
    if (winner) conflict.accepted = winner.key;
    conflicts.push(conflict);
    for (const c of group) {
      if (c === winner) continue;
      dropped.add(c);
      rejected.push({
        claim: c.key,
        predicate: name,
        subject,
        reason: 'conflict',
        detail: winner
          ? `conflicts with ${winner.key}, which ${on} accepted`
          : on === 'human_review'
            ? `conflicting values for ${subject}; held for human review`
            : `conflicting values for ${subject} and ${on === 'reject_all' ? 'reject_all applies' : `${on} found no single winner`}; none accepted`,
      });
    }
    if (!winner) {
      unknown.push(`${name}(${subject}, ...)`);
      if (on === 'human_review') reviewReasons.push(`conflicting claims on ${name} for ${subject} require human review`);
    }
  }
  if (dropped.size) accepted = accepted.filter((c) => !dropped.has(c));
  return {
    claims,
    accepted,
    rejected,
    conflicts,
    unknown,
    requiresHumanReview: reviewReasons.length > 0,
    reviewReasons,
  };
}
