/** Texts of the outside services' settings (translation, administration), Spanish and English with the same keys. */
export const servicesEs = {
  sectionTranslation: 'Traducción',
  translationKey: 'Clave del servicio de traducción',
  translationKeyHint: 'Para traducir tickets y documentos. Las claves gratuitas terminan en «:fx».',
  sectionAdmin: 'Administración de la cuenta de traducción',
  adminKey: 'Clave de administrador',
  adminKeyHint: 'Solo para gestionar las claves de desarrollador y ver el consumo: guárdela aparte de la de traducción.',
  sectionCampus: 'Datos abiertos del campus',
  campusKey: 'Clave de la API del campus',
  campusKeyHint: 'Para el estado del Wi-Fi del campus en Inicio. Se pide gratis en el portal de la API de datos abiertos del campus.',
  serviceUrl: 'Dirección del servicio',
  serviceUrlHint: 'Déjela vacía para usar la del proveedor.',
  invalidServiceUrl: 'Escriba una dirección que empiece por https:// (o http://), sin espacios.',
};

export const servicesEn: Record<keyof typeof servicesEs, string> = {
  sectionTranslation: 'Translation',
  translationKey: 'Translation service key',
  translationKeyHint: 'To translate receipts and documents. Free keys end in ":fx".',
  sectionAdmin: 'Translation account administration',
  adminKey: 'Administrator key',
  adminKeyHint: 'Only to manage developer keys and see usage: keep it apart from the translation key.',
  sectionCampus: 'Campus open data',
  campusKey: 'Campus API key',
  campusKeyHint: "For the campus Wi-Fi status on Home. Ask for one, free, at the campus open-data API portal.",
  serviceUrl: 'Service address',
  serviceUrlHint: "Leave it empty to use the vendor's.",
  invalidServiceUrl: 'Enter an address starting with https:// (or http://), without spaces.',
};
