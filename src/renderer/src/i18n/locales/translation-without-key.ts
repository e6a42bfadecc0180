/**
 * Texts of translating without the vendor's key (issue 32): which service translates and what its key is, the way to
 * the key in Settings from the designer's "Translate", and typing the English texts by hand.
 */
export const translationWithoutKeyEs = {
  trwService: "Las traducciones las hace {{vendor}}, un servicio de traducción por internet.",
  trwServiceAt: "Las traducciones las hace {{vendor}}, por la dirección puesta en Ajustes.",
  trwKeyExplained:
    "La clave es como una contraseña de su cuenta de {{vendor}} que deja a Ticketera traducir por usted: se consigue gratis en {{site}} al abrir una cuenta «{{plan}}», y sin ella puede escribir usted mismo el inglés de sus tickets en {{designer}} → {{translate}}.",
  trwNoKeyDialog: "Sin la clave de {{vendor}} no se traduce solo: póngala en Ajustes, o escriba usted el inglés aquí abajo.",
  trwOpenKey: "Poner la clave en Ajustes",
  trwByHand: "Escribir el inglés a mano",
  trwByHandIntro: "Escriba el inglés de cada texto. Lo que deje vacío se imprime como en el original.",
};

export const translationWithoutKeyEn: Record<keyof typeof translationWithoutKeyEs, string> = {
  trwService: "Translations are made by {{vendor}}, an online translation service.",
  trwServiceAt: "Translations are made by {{vendor}}, through the address set in Settings.",
  trwKeyExplained:
    "The key is like a password to your {{vendor}} account that lets Ticketera translate for you: you get one free at {{site}} by opening a “{{plan}}” account, and without it you can type your receipts' English yourself in {{designer}} → {{translate}}.",
  trwNoKeyDialog: "Without the {{vendor}} key nothing is translated automatically: enter it in Settings, or type the English yourself below.",
  trwOpenKey: "Enter the key in Settings",
  trwByHand: "Type the English by hand",
  trwByHandIntro: "Type the English for each text. Anything left empty prints as in the original.",
};
