/**
 * Texts of the printer model lists, printers named in words (network, USB) and the reprint on a changed printer,
 * Spanish and English with the same keys.
 */
export const printersAndJobsEs = {
  modelChoice: '{{name}} · {{mm}} mm · {{columns}} columnas',
  modelChoiceBothRolls: '{{name}} · 58 u 80 mm',
  networkPrinterName: 'Impresora de red {{host}}',
  usbPrinterName: 'Impresora USB {{device}}',
  reprintChangedTitle: 'La impresora ha cambiado',
  reprintChangedBody: 'Se imprimió en {{before}}; ahora la impresora es de {{now}}: las columnas se reordenarán.',
  reprintChangedHint: 'El ticket saldrá con el ancho de la impresora actual, no como la primera vez.',
  reprintAnyway: 'Reimprimir igualmente',
  reprintChangedCancel: 'Cancelar',
  layoutWords: '{{mm}} mm · {{columns}} columnas',
  layoutWordsDots: '{{mm}} mm · {{columns}} columnas · {{dots}} puntos',
};

export const printersAndJobsEn: typeof printersAndJobsEs = {
  modelChoice: '{{name}} · {{mm}} mm · {{columns}} columns',
  modelChoiceBothRolls: '{{name}} · 58 or 80 mm',
  networkPrinterName: 'Network printer {{host}}',
  usbPrinterName: 'USB printer {{device}}',
  reprintChangedTitle: 'The printer has changed',
  reprintChangedBody: 'It printed on {{before}}; the printer is now {{now}}: the columns will be rearranged.',
  reprintChangedHint: 'The ticket will come out at the current printer’s width, not as it did the first time.',
  reprintAnyway: 'Reprint anyway',
  reprintChangedCancel: 'Cancel',
  layoutWords: '{{mm}} mm · {{columns}} columns',
  layoutWordsDots: '{{mm}} mm · {{columns}} columns · {{dots}} dots',
};
