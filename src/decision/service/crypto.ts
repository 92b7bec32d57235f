// Authenticated encryption of decision records (AES-256-GCM) and the keyed digest that
// compares inputs without storing them. The key comes from SVC_ENCRYPTION_KEY (32 bytes,
// base64 or hex) or is generated once into DATA_DIR/svc-record.key (mode 0600). Every
// replica on one database must share SVC_ENCRYPTION_KEY.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class RecordCipher {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  /** `purpose` derives keys of their own from one master key: a decision record and a webhook secret never share one */
  constructor(master: Buffer, purpose = 'svc-record') {
    if (master.length !== 32) throw new Error('the decision-record key must be 32 bytes');
    this.encKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `${purpose}-encryption`, 32));
    this.macKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `${purpose}-digest`, 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url; `aad` binds the ciphertext to its record. */
  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    cipher.setAAD(Buffer.from(aad));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  /** Throws when the ciphertext was altered, moved to another record, or sealed with another key. */
  open(sealed: string, aad: string): string {
    const [version, iv, tag, ct] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not a sealed record');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  digest(value: string): string {
    return createHmac('sha256', this.macKey).update(value).digest('hex');
  }
}

function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (buf.length !== 32) throw new Error('SVC_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return buf;
}

export function loadRecordCipher(
  configured: string | undefined, dataDir: string, purpose?: string,
): { cipher: RecordCipher; source: 'config' | 'file' } {
  if (configured) return { cipher: new RecordCipher(parseKey(configured), purpose), source: 'config' };
  const file = join(dataDir, 'svc-record.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // another process created it first: use theirs
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return { cipher: new RecordCipher(parseKey(readFileSync(file, 'utf8')), purpose), source: 'file' };
}
