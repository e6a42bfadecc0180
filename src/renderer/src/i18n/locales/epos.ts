/** Texts of the Epson and Star POS apps card on the Printers page (issue 33), Spanish and English with the same keys. */
export const eposEs = {
  eposTitle: 'TPV que imprimen en impresoras Epson o Star (Odoo, apps ePOS y WebPRNT)',
  eposIntro:
    'Estos TPV imprimen en una impresora Epson o Star de red. Escriba en el TPV, como dirección de la impresora, la de este equipo: Ticketera imprime en la impresora que usted elija aquí.',
  eposAddresses: 'Dirección de la impresora para un TPV Epson:',
  webPrntAddresses: 'Dirección (URL) de la impresora para un TPV Star (WebPRNT):',
  eposCopyAddressOf: 'Copiar la dirección {{address}}',
  eposSecureAddresses: 'Si el TPV se abre con https://:',
  eposDefaultId: 'El id. «local_printer» (el que usa Odoo) y la dirección Star sin id. imprimen en la impresora predeterminada.',
  eposIdLabel: 'Id. para TPV Epson y Star',
  eposIdHint:
    'Para otra impresora, dele un id. (por ejemplo: cocina). En un TPV Epson, escríbalo como «Device ID»; en uno Star, póngalo en la dirección antes de /StarWebPRNT (…/cocina/StarWebPRNT/SendMessage).',
  eposIdInvalid: 'Use solo letras sin tilde, números, guion, guion bajo y punto (hasta 30).',
  eposIdTaken: 'Ese id. ya es de otra impresora.',
  eposIdSaved: 'Los TPV Epson y Star pueden imprimir en {{name}} con el id. «{{id}}».',
  eposIdRemoved: '{{name}} ya no tiene id. para TPV Epson y Star.',
};

export const eposEn: typeof eposEs = {
  eposTitle: 'POS apps that print to Epson or Star printers (Odoo, ePOS and WebPRNT apps)',
  eposIntro:
    "These POS apps print to an Epson or Star network printer. Type this computer's address into the POS as the printer's address: Ticketera prints on the printer you choose here.",
  eposAddresses: 'Printer address for an Epson POS:',
  webPrntAddresses: 'Printer address (URL) for a Star POS (WebPRNT):',
  eposCopyAddressOf: 'Copy the address {{address}}',
  eposSecureAddresses: 'If the POS opens with https://:',
  eposDefaultId: 'The ID "local_printer" (the one Odoo uses) and the Star address without an ID print on the default printer.',
  eposIdLabel: 'ID for Epson and Star POS apps',
  eposIdHint:
    'For another printer, give it an ID (for example: kitchen). In an Epson POS, type it as its "Device ID"; in a Star one, put it in the address before /StarWebPRNT (…/kitchen/StarWebPRNT/SendMessage).',
  eposIdInvalid: 'Use only letters without accents, digits, hyphen, underscore and dot (up to 30).',
  eposIdTaken: 'That ID already belongs to another printer.',
  eposIdSaved: 'Epson and Star POS apps can print on {{name}} with the ID "{{id}}".',
  eposIdRemoved: '{{name}} no longer has an ID for Epson and Star POS apps.',
};
