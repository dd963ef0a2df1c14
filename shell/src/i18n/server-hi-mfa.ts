import type { ServerMessageKey } from '@fleet/shared-api';

/** fleet-api's sentences about the authenticator, passkeys and signed-in sessions (issue 24), in Hindi. */
export const secondFactorHi = {
  'mfa.state': 'दो-चरणीय साइन-इन',
  'mfa.totpAsked': 'अपने ऑथेंटिकेटर ऐप से 6 अंकों का कोड दर्ज करें',
  'mfa.setupStarted': 'अपने ऑथेंटिकेटर ऐप से QR कोड स्कैन करें, फिर उसका एक कोड दर्ज करें',
  'mfa.totpOn': 'दो-चरणीय साइन-इन चालू है। अपने रिकवरी कोड सुरक्षित जगह रखें: वे केवल एक बार दिखाए जाते हैं।',
  'mfa.totpOff': 'दो-चरणीय साइन-इन बंद है',
  'mfa.alreadyOn': 'दो-चरणीय साइन-इन पहले से चालू है',
  'mfa.notOn': 'दो-चरणीय साइन-इन चालू नहीं है',
  'mfa.noSetup': 'पहले ऑथेंटिकेटर सेटअप शुरू करें',
  'mfa.codeInvalid': 'ऑथेंटिकेटर कोड अमान्य है',
  'sessions.list': 'साइन-इन किए गए सत्र',
  'sessions.ended_one': '{{count}} सत्र समाप्त किया गया',
  'sessions.ended_other': '{{count}} सत्र समाप्त किए गए',
  'sessions.notFound': 'सत्र नहीं मिला',
  'sessions.whichOnes': 'किसी सत्र की id भेजें, या all_others: true',
  'passkeys.list': 'पासकी',
  'passkeys.createOnDevice': 'अपने डिवाइस पर पासकी बनाएँ',
  'passkeys.chooseOnDevice': 'अपने डिवाइस पर एक पासकी चुनें',
  'passkeys.added': 'पासकी जोड़ी गई',
  'passkeys.removed': 'पासकी हटाई गई',
  'passkeys.notFound': 'पासकी नहीं मिली',
  'passkeys.nameLength': 'पासकी का नाम 1 से 60 अक्षरों का होना चाहिए',
  'passkeys.notRegistered': 'पासकी पंजीकृत नहीं की जा सकी: फिर से शुरू करें',
  'passkeys.alreadyAdded': 'यह पासकी पहले से आपके खाते में जोड़ी गई है',
  'passkeys.notVerified': 'पासकी सत्यापित नहीं की जा सकी',
} satisfies Partial<Record<ServerMessageKey, string>>;
