// The consent page of GET /oauth/authorize: names the partner and the permissions it asks for;
// the account owner approves with a secret key (sk_) or a signed-in user's access token, typed
// into a password field and posted to this server (never put in a URL), or declines.
import type { AuthorizeParams } from './server.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body { font: 16px/1.5 system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
code { background: #f2f2f4; padding: 0 .25rem; border-radius: 3px; }
.error { color: #b00020; }
input[type=password] { width: 100%; padding: .4rem; font: inherit; box-sizing: border-box; }
button { font: inherit; padding: .4rem 1rem; margin: 1rem .5rem 0 0; }`;

function describeScope(scope: string): string {
  const [resource, action] = scope.split(':');
  const what = resource === '*' ? 'every resource' : resource!.replace(/_/g, ' ');
  if (action === 'read') return `read ${what}`;
  if (action === '*' || action === 'write') return `read and change ${what}`;
  return `${action!.replace(/_/g, ' ')} ${what}`;
}

const PASSED = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

export function consentPage(params: AuthorizeParams, fields: Record<string, unknown>, error?: string): string {
  const hidden = PASSED.filter((k) => typeof fields[k] === 'string')
    .map((k) => `<input type="hidden" name="${k}" value="${escape(String(fields[k]))}">`).join('\n      ');
  const scopes = params.scopes.map((s) => `<li><code>${escape(s)}</code>: ${escape(describeScope(s))}</li>`).join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>Authorize ${escape(params.client.name)}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <h1>Authorize ${escape(params.client.name)}</h1>
    <p><strong>${escape(params.client.name)}</strong> asks to act for your account with these permissions:</p>
    <ul>
      ${scopes}
    </ul>
    <p>After your decision you are sent back to <code>${escape(params.redirectUri)}</code>.</p>
    ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
    <form method="post" action="/oauth/authorize">
      ${hidden}
      <label for="credential">A secret key of your account (<code>sk_...</code>) or your access token</label>
      <input type="password" id="credential" name="credential" autocomplete="off" required>
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
    </form>
  </body>
</html>
`;
}

export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Authorization request refused</title><style>${STYLE}</style></head>
  <body>
    <h1>This authorization request cannot be shown</h1>
    <p class="error">${escape(message)}</p>
    <p>The link that brought you here is wrong: tell the application that sent you.</p>
  </body>
</html>
`;
}
