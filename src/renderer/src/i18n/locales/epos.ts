/** Texts of the Epson POS apps card on the Printers page (issue 33), Spanish and English with the same keys. */
export const eposEs = {
  eposTitle: 'TPV que imprimen en impresoras Epson (Odoo y apps ePOS)',
  eposIntro:
    'Estos TPV imprimen en una impresora Epson de red. Escriba en el TPV, como dirección de la impresora, la de este equipo: Ticketera imprime en la impresora que usted elija aquí.',
  eposAddresses: 'Dirección de la impresora para el TPV:',
  eposCopyAddressOf: 'Copiar la dirección {{address}}',
  eposSecureAddresses: 'Si el TPV se abre con https://:',
  eposDefaultId: 'El id. «local_printer» (el que usa Odoo) imprime en la impresora predeterminada.',
  eposIdLabel: 'Id. para TPV Epson',
  eposIdHint: 'Para otra impresora, dele un id. (por ejemplo: cocina) y escríbalo en el TPV como «Device ID».',
  eposIdInvalid: 'Use solo letras sin tilde, números, guion, guion bajo y punto (hasta 30).',
  eposIdTaken: 'Ese id. ya es de otra impresora.',
  eposIdSaved: 'El TPV Epson puede imprimir en {{name}} con el id. «{{id}}».',
  eposIdRemoved: '{{name}} ya no tiene id. para TPV Epson.',
};

export const eposEn: typeof eposEs = {
  eposTitle: 'POS apps that print to Epson printers (Odoo and ePOS apps)',
  eposIntro:
    "These POS apps print to an Epson network printer. Type this computer's address into the POS as the printer's address: Ticketera prints on the printer you choose here.",
  eposAddresses: 'Printer address for the POS:',
  eposCopyAddressOf: 'Copy the address {{address}}',
  eposSecureAddresses: 'If the POS opens with https://:',
  eposDefaultId: 'The id "local_printer" (the one Odoo uses) prints on the default printer.',
  eposIdLabel: 'ID for Epson POS apps',
  eposIdHint: 'For another printer, give it an ID (for example: kitchen) and type it into the POS as its "Device ID".',
  eposIdInvalid: 'Use only letters without accents, digits, hyphen, underscore and dot (up to 30).',
  eposIdTaken: 'That ID already belongs to another printer.',
  eposIdSaved: 'The Epson POS can print on {{name}} with the ID "{{id}}".',
  eposIdRemoved: '{{name}} no longer has an ID for Epson POS apps.',
};
