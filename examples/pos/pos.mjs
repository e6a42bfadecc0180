// A few products and a "charge" button that prints the receipt through the Ticketera client library. The library
// reconnects by itself and resends an unanswered ticket with the same id, so a sale prints once even if the
// connection drops mid-sale. Open with ?service=ws://HOST:8766/ws (default: this computer).
import { connect, receipt } from './client/index.mjs';

const TEXTS = {
  es: {
    title: 'TPV de ejemplo', language: 'Idioma', products: 'Productos', sale: 'Venta', total: 'Total', charge: 'Cobrar e imprimir',
    connecting: 'Conectando con Ticketera…', open: 'Conectado con Ticketera', closed: 'Desconectado',
    reconnecting: 'Sin conexión: reintentando. ¿Está Ticketera en marcha? Si es la primera vez, permita este sitio en la ventana de Ticketera.',
    empty: 'Añada un producto', sending: 'Imprimiendo el ticket {id}…', queued: 'En cola ({current}/{capacity})', printed: 'Ticket {id} impreso', failed: 'No se imprimió: {text}',
    receipt: 'Cafetería La Ñora', thanks: '¡Gracias por su visita!',
  },
  en: {
    title: 'Example POS', language: 'Language', products: 'Products', sale: 'Sale', total: 'Total', charge: 'Charge and print',
    connecting: 'Connecting to Ticketera…', open: 'Connected to Ticketera', closed: 'Disconnected',
    reconnecting: 'No connection: retrying. Is Ticketera running? If this is the first time, allow this site in the Ticketera window.',
    empty: 'Add a product', sending: 'Printing ticket {id}…', queued: 'Queued ({current}/{capacity})', printed: 'Ticket {id} printed', failed: 'Not printed: {text}',
    receipt: 'Cafetería La Ñora', thanks: 'Thank you for your visit!',
  },
};
const PRODUCTS = [
  { name: { es: 'Café con leche', en: 'White coffee' }, price: 1.5 },
  { name: { es: 'Tostada', en: 'Toast' }, price: 2 },
  { name: { es: 'Zumo de naranja', en: 'Orange juice' }, price: 2.5 },
  { name: { es: 'Cruasán', en: 'Croissant' }, price: 1.8 },
];

const params = new URLSearchParams(location.search);
let language = params.get('lang') === 'en' ? 'en' : 'es';
const text = (key, values = {}) => TEXTS[language][key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''));
const euros = (amount) => new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(amount);
const lines = [];

// `retryMs` is the first retry's delay and `retryMaxMs` the most a retry waits (the library doubles the delay after
// each failure, up to 30 s by default): a page refused for a while would otherwise try again only half a minute
// after it was allowed or the service came back.
const retry = Number(params.get('retryMs') ?? '');
const retryMax = Number(params.get('retryMaxMs') ?? '');
const client = connect(params.get('service') ?? 'ws://localhost:8766/ws', {
  ...(params.get('token') ? { token: params.get('token') } : {}),
  ...(retry > 0 ? { reconnect: { delayMs: retry, ...(retryMax > 0 ? { maxDelayMs: retryMax } : {}) } } : {}),
});

const connection = document.getElementById('connection');
const showState = (state) => {
  connection.dataset.state = state;
  connection.textContent = text(state);
};
client.onState((state) => showState(state));

function render() {
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll('[data-text]')) element.textContent = text(element.dataset.text);
  document.title = `${text('title')} · Ticketera`;
  const products = document.getElementById('products');
  products.replaceChildren(
    ...PRODUCTS.map((product) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `${product.name[language]} · ${euros(product.price)}`;
      button.addEventListener('click', () => {
        lines.push(product);
        render();
      });
      return button;
    }),
  );
  document.getElementById('lines').replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement('li');
      item.textContent = `${line.name[language]} — ${euros(line.price)}`;
      return item;
    }),
  );
  document.getElementById('total').textContent = euros(lines.reduce((sum, line) => sum + line.price, 0));
  document.getElementById('charge').disabled = lines.length === 0;
  showState(client.state);
}

async function charge() {
  const outcome = document.getElementById('outcome');
  const sold = lines.splice(0);
  render();
  const ticket = receipt({ paperWidth: 80 })
    .text(text('receipt'), { align: 'center', bold: true, size: { width: 2, height: 2 } })
    .line()
    .table({
      columns: [{ width: 3 }, { width: 1, align: 'right' }],
      rows: sold.map((line) => [line.name[language], euros(line.price)]),
    })
    .line()
    .text(`${text('total')}: ${euros(sold.reduce((sum, line) => sum + line.price, 0))}`, { align: 'right', bold: true })
    .qr('https://ticketera.example/recibo')
    .text(text('thanks'), { align: 'center' })
    .cut();
  const id = `venta-${Date.now().toString(36)}`;
  outcome.dataset.kind = 'info';
  outcome.textContent = text('sending', { id });
  try {
    await client.print(ticket, { id, onAck: (ack) => (outcome.textContent = `${text('sending', { id })} ${text('queued', ack)}`) });
    outcome.textContent = text('printed', { id });
  } catch (error) {
    outcome.dataset.kind = 'error';
    outcome.textContent = text('failed', { text: error.text ?? error.message });
  }
}

document.getElementById('charge').addEventListener('click', () => void charge());
const picker = document.getElementById('language');
picker.value = language;
picker.addEventListener('change', () => {
  language = picker.value === 'en' ? 'en' : 'es';
  render();
});
render();
