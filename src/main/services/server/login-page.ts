import type { Language } from '../../../shared/contract/settings';

/** Why the sign-in page is shown again. */
export type LoginProblem = { reason: 'wrong-token' } | { reason: 'cross-origin' } | { reason: 'throttled'; retryAfterSeconds: number };

interface LoginText {
  title: string;
  heading: string;
  prompt: string;
  label: string;
  where: string;
  submit: string;
  problem(problem: LoginProblem): string;
}

const LOGIN_TEXT: Record<Language, LoginText> = {
  es: {
    title: 'Ticketera — Acceso',
    heading: 'Entrar en Ticketera',
    prompt: 'Introduzca el token del servicio de impresión para abrir la ventana.',
    label: 'Token de acceso',
    where: 'Es el que se puso en Ajustes → Seguridad, en el equipo donde funciona Ticketera.',
    submit: 'Entrar',
    problem: (problem) =>
      problem.reason === 'wrong-token'
        ? 'Token incorrecto.'
        : problem.reason === 'cross-origin'
          ? 'Solicitud de otra página rechazada: abra esta dirección directamente.'
          : `Demasiados intentos: espere ${problem.retryAfterSeconds} s.`,
  },
  en: {
    title: 'Ticketera — Sign in',
    heading: 'Sign in to Ticketera',
    prompt: 'Enter the print service token to open the window.',
    label: 'Access token',
    where: 'It is the one set in Settings → Security, on the computer Ticketera runs on.',
    submit: 'Sign in',
    problem: (problem) =>
      problem.reason === 'wrong-token'
        ? 'Wrong token.'
        : problem.reason === 'cross-origin'
          ? 'Request from another page refused: open this address directly.'
          : `Too many attempts: wait ${problem.retryAfterSeconds} s.`,
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * The window's look (its font, colours, header with the brand, a card with a Fluent-style field and primary button),
 * written by hand: the React window is not loaded before signing in, and the page's CSP allows inline styles only.
 */
const STYLE = `:root{font-family:system-ui,'Segoe UI',sans-serif;color:#1d2430;background:#f4f6f9}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{background:#fff;border-bottom:1px solid #e0e0e0;padding:.6rem 1rem}
.brand{font-size:1.1rem;font-weight:700;color:#0f6cbd}
main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:12vh 1rem 2rem}
.card{background:#fff;border-radius:8px;box-shadow:0 2px 4px rgba(0,0,0,.14),0 0 2px rgba(0,0,0,.12);padding:1.5rem;width:100%;max-width:26rem;box-sizing:border-box}
h1{font-size:1.25rem;font-weight:600;margin:0 0 .5rem}
p{margin:0 0 1rem;line-height:1.4}
label{display:block;font-weight:600;font-size:.875rem;margin:0 0 .25rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.4rem .6rem;border:1px solid #d1d1d1;border-bottom-color:#616161;border-radius:4px;background:#fff}
input:focus{outline:none;border-bottom:2px solid #0f6cbd}
.hint{font-size:.75rem;color:#616161;margin:.25rem 0 1rem}
button{font:inherit;font-weight:600;color:#fff;background:#0f6cbd;border:1px solid transparent;border-radius:4px;padding:.35rem 1.2rem;cursor:pointer}
button:hover{background:#115ea3}button:focus-visible{outline:2px solid #1d2430;outline-offset:2px}
.problem{background:#fdf3f4;border:1px solid #eeacb2;border-radius:4px;color:#b10e1c;padding:.5rem .75rem}`;

/**
 * The sign-in page, in the window's language (the React window is not loaded yet, so the server writes it).
 * `returnTo` is the window's page to go back to once signed in (already checked by `returnPathOf`).
 */
export function renderLoginPage(language: Language, problem?: LoginProblem, returnTo?: string): string {
  const text = LOGIN_TEXT[language];
  const notice = problem ? `<p class="problem" role="alert">${escapeHtml(text.problem(problem))}</p>` : '';
  const back = returnTo === undefined ? '' : `<input type="hidden" name="next" value="${escapeHtml(returnTo)}">`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(text.title)}</title><style>${STYLE}</style></head>
<body><header><span class="brand">Ticketera</span></header><main><section class="card" aria-labelledby="login-title">
<h1 id="login-title">${escapeHtml(text.heading)}</h1><p>${escapeHtml(text.prompt)}</p>${notice}
<form method="post" action="/login">${back}<label for="token">${escapeHtml(text.label)}</label>
<input id="token" type="password" name="token" autocomplete="current-password" autofocus aria-describedby="token-hint">
<p class="hint" id="token-hint">${escapeHtml(text.where)}</p>
<button type="submit">${escapeHtml(text.submit)}</button></form></section></main></body></html>`;
}
