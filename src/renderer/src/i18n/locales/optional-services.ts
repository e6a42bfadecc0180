/** Texts of Settings → "Servicios opcionales" and of the messages that lead there, Spanish and English with the same keys. */
export const optionalServicesEs = {
  sectionOptional: 'Servicios opcionales',
  optionalIntro: 'Funciones que una tienda no suele necesitar. Al activarlas aparecen en el menú, en Inicio y aquí, con su clave.',
  optionalCampus: 'Wi-Fi del campus (tarjeta en Inicio y página Campus)',
  optionalAdmin: 'Administración de la cuenta de traducción (claves de desarrollador y consumo)',
  optionalOnByKey: 'Se muestra porque hay una clave guardada o fijada al arrancar. Para ocultarlo, quite la clave.',
  optionalSaved: 'Guardado.',
  openSettingsAtKey: 'Abrir Ajustes',
  adminNoKeyWhere:
    'Guarde la clave de administrador de la organización en Ajustes → Administración de la cuenta de traducción (no es la clave de traducción). Se crea en la cuenta de la organización en el servicio de traducción, en el apartado de claves de administración.',
  campusKeyMissingWhere: 'No hay clave de la API del campus. Pídala gratis en el portal de la API de datos abiertos del campus y escríbala en Ajustes → Datos abiertos del campus.',
};

export const optionalServicesEn: Record<keyof typeof optionalServicesEs, string> = {
  sectionOptional: 'Optional services',
  optionalIntro: 'Features a shop rarely needs. Switched on, they appear in the menu, on Home and here, with their key.',
  optionalCampus: 'Campus Wi-Fi (card on Home and Campus page)',
  optionalAdmin: 'Translation account administration (developer keys and usage)',
  optionalOnByKey: 'Shown because a key is saved or set at start-up. To hide it, remove the key.',
  optionalSaved: 'Saved.',
  openSettingsAtKey: 'Open Settings',
  adminNoKeyWhere:
    "Save the organization's admin key in Settings → Translation account administration (it is not the translation key). It is created in the organization's account at the translation service, under admin keys.",
  campusKeyMissingWhere: 'There is no campus API key. Ask for a free one at the campus open-data API portal and enter it in Settings → Campus open data.',
};
