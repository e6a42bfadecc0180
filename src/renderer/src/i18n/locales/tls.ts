import type { TlsFileReason, TlsProblem } from '../../../../shared/protocol';

/** Texts of the secure connection (TLS): the Settings group and Home's secure addresses, Spanish and English with the same keys. */
export const tlsEs = {
  tlsSection: 'Conexión segura (TLS)',
  tlsIntro:
    'Para TPV en tabletas cuyas páginas se abren con https://: el servicio atiende también wss:// con un certificado para el nombre o la IP de este equipo. ws:// sigue funcionando igual.',
  tlsCertFile: 'Archivo del certificado (PEM)',
  tlsCertHint: 'Ruta completa en este equipo, por ejemplo C:\\Ticketera\\caja-01.pem',
  tlsKeyFile: 'Archivo de la clave privada (PEM)',
  tlsKeyHint: 'Por ejemplo C:\\Ticketera\\caja-01-key.pem. Guárdela solo en este equipo.',
  tlsPort: 'Puerto seguro',
  tlsPortHint: 'El TPV se conecta a wss://ESTE-EQUIPO:{{port}}/ws',
  tlsBothFiles: 'Indique los dos archivos: el certificado y su clave.',
  tlsSamePort: 'Use un puerto distinto del principal ({{port}}).',
  tlsOff: 'Desactivada: solo ws://. Indique los dos archivos y guarde para activarla.',
  tlsNotApplied: 'Guarde para aplicar los cambios de la conexión segura.',
  tlsOn: 'Activa, con el certificado de {{names}}, válido hasta el {{date}}.',
  tlsExpiresSoon: 'Activa, pero el certificado de {{names}} caduca el {{date}}: renuévelo antes, o las tabletas dejarán de conectar.',
  tlsExpired: 'El certificado caducó el {{date}}: las tabletas no pueden conectar. Cree uno nuevo y guárdelo aquí.',
  tlsAddresses: 'Dirección segura para el TPV:',
  tlsCopyAddressOf: 'Copiar la dirección segura {{url}}',
  tlsNoAddresses: 'El certificado no incluye ningún nombre ni IP por los que llegar a este equipo desde la tienda.',
  tlsProblemTitle: 'La conexión segura no funciona; ws:// sigue funcionando.',
  homeSecureProblem: 'La conexión segura (wss://) no funciona: vea Ajustes.',
  homeSecureExpiresSoon: 'El certificado de la conexión segura caduca el {{date}}.',
  tlsProblemCertNotSet: 'Falta el archivo del certificado.',
  tlsProblemKeyNotSet: 'Falta el archivo de la clave privada.',
  tlsProblemCertUnreadable: 'No se puede leer el certificado {{at}}: compruebe la ruta.',
  tlsProblemKeyUnreadable: 'No se puede leer la clave {{at}}: compruebe la ruta.',
  tlsProblemCertInvalid: '{{at}} no es un certificado PEM.',
  tlsProblemKeyInvalid: '{{at}} no es una clave privada PEM utilizable.',
  tlsProblemKeyEncrypted:
    'La clave {{at}} está protegida con una contraseña, que el servicio no puede escribir al arrancar: expórtela sin ella (openssl pkey -in clave.pem -out clave-sin-contrasena.pem) e indique ese archivo.',
  tlsProblemCertNotYetValid:
    'El certificado {{at}} no es válido hasta el {{date}}: las tabletas lo rechazan hasta entonces. Compruebe la fecha y la hora de este equipo, o cree un certificado válido desde hoy.',
  tlsReasonNotFound: 'El archivo no existe.',
  tlsReasonDenied: 'Este equipo no tiene permiso para leerlo.',
  tlsReasonNotAFile: 'No es un archivo sino una carpeta, un dispositivo o una tubería: indique el archivo PEM.',
  tlsReasonTooLarge: 'Ocupa más de 1 MB: un certificado o una clave PEM ocupa unos pocos KB, así que no es ese archivo.',
  tlsReasonTimedOut: 'Leerlo tardó más de 5 segundos (¿una unidad de red que no responde?): cópielo a este equipo.',
  tlsProblemMismatch: 'La clave {{at}} no corresponde al certificado.',
  tlsProblemPortInUse: 'Otro programa usa ya el puerto {{at}}: elija otro puerto seguro.',
  tlsProblemListenFailed: 'No se puede abrir el puerto {{at}}.',
};

export const tlsEn: Record<keyof typeof tlsEs, string> = {
  tlsSection: 'Secure connection (TLS)',
  tlsIntro:
    "For POS tablets whose pages open with https://: the service also answers wss:// with a certificate for this computer's name or IP. ws:// keeps working as before.",
  tlsCertFile: 'Certificate file (PEM)',
  tlsCertHint: 'Full path on this computer, for example C:\\Ticketera\\caja-01.pem',
  tlsKeyFile: 'Private key file (PEM)',
  tlsKeyHint: 'For example C:\\Ticketera\\caja-01-key.pem. Keep it on this computer only.',
  tlsPort: 'Secure port',
  tlsPortHint: 'The POS connects to wss://THIS-COMPUTER:{{port}}/ws',
  tlsBothFiles: 'Give both files: the certificate and its key.',
  tlsSamePort: 'Use another port than the main one ({{port}}).',
  tlsOff: 'Off: ws:// only. Give both files and save to turn it on.',
  tlsNotApplied: 'Save to apply the secure connection changes.',
  tlsOn: 'On, with the certificate for {{names}}, valid until {{date}}.',
  tlsExpiresSoon: 'On, but the certificate for {{names}} expires on {{date}}: renew it before then, or the tablets stop connecting.',
  tlsExpired: 'The certificate expired on {{date}}: tablets cannot connect. Make a new one and set it here.',
  tlsAddresses: 'Secure address for the POS:',
  tlsCopyAddressOf: 'Copy the secure address {{url}}',
  tlsNoAddresses: 'The certificate names no name or IP by which the shop reaches this computer.',
  tlsProblemTitle: 'The secure connection is not working; ws:// still works.',
  homeSecureProblem: 'The secure connection (wss://) is not working: see Settings.',
  homeSecureExpiresSoon: 'The secure connection certificate expires on {{date}}.',
  tlsProblemCertNotSet: 'The certificate file is missing.',
  tlsProblemKeyNotSet: 'The private key file is missing.',
  tlsProblemCertUnreadable: 'Cannot read the certificate {{at}}: check the path.',
  tlsProblemKeyUnreadable: 'Cannot read the key {{at}}: check the path.',
  tlsProblemCertInvalid: '{{at}} is not a PEM certificate.',
  tlsProblemKeyInvalid: '{{at}} is not a usable PEM private key.',
  tlsProblemKeyEncrypted:
    'The key {{at}} is protected by a passphrase, which the service cannot type at start: export it without one (openssl pkey -in key.pem -out key-plain.pem) and give that file.',
  tlsProblemCertNotYetValid:
    "The certificate {{at}} is not valid until {{date}}: tablets refuse it until then. Check this computer's date and time, or make a certificate valid from today.",
  tlsReasonNotFound: 'The file does not exist.',
  tlsReasonDenied: 'This computer may not read it.',
  tlsReasonNotAFile: 'It is not a file but a folder, a device or a pipe: give the PEM file.',
  tlsReasonTooLarge: 'It is larger than 1 MB: a PEM certificate or key is a few KB, so it is not that file.',
  tlsReasonTimedOut: 'Reading it took more than 5 seconds (a network drive that does not answer?): copy it to this computer.',
  tlsProblemMismatch: 'The key {{at}} does not belong to the certificate.',
  tlsProblemPortInUse: 'Another program already uses port {{at}}: choose another secure port.',
  tlsProblemListenFailed: 'Cannot open port {{at}}.',
};

/** The window's own text for each problem the service reports (never the service's mixed-language `mensaje`). */
export const TLS_PROBLEM_TEXT = {
  'cert-not-set': 'tlsProblemCertNotSet',
  'key-not-set': 'tlsProblemKeyNotSet',
  'cert-unreadable': 'tlsProblemCertUnreadable',
  'key-unreadable': 'tlsProblemKeyUnreadable',
  'cert-invalid': 'tlsProblemCertInvalid',
  'key-invalid': 'tlsProblemKeyInvalid',
  'key-encrypted': 'tlsProblemKeyEncrypted',
  mismatch: 'tlsProblemMismatch',
  'cert-not-yet-valid': 'tlsProblemCertNotYetValid',
  'port-in-use': 'tlsProblemPortInUse',
  'listen-failed': 'tlsProblemListenFailed',
} as const satisfies Record<TlsProblem, keyof typeof tlsEs>;

/** Why a file could not be read, said after the problem's own text. */
export const TLS_REASON_TEXT = {
  'not-found': 'tlsReasonNotFound',
  denied: 'tlsReasonDenied',
  'not-a-file': 'tlsReasonNotAFile',
  'too-large': 'tlsReasonTooLarge',
  'timed-out': 'tlsReasonTimedOut',
} as const satisfies Record<TlsFileReason, keyof typeof tlsEs>;
