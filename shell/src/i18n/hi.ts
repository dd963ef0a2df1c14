import type { ShellTexts } from './en';

export const hi: ShellTexts = {
  header: {
    product: 'उत्पाद',
    toDarkMode: 'डार्क मोड पर जाएँ',
    toLightMode: 'लाइट मोड पर जाएँ',
    language: 'भाषा',
    logout: 'लॉग आउट',
    signedInAs: '{{name}} के रूप में साइन इन',
    menu: 'मेनू',
  },
  languages: { en: 'English', hi: 'हिन्दी' },
  menu: { title: 'मुख्य मेनू', open: 'मेनू खोलें', close: 'मेनू बंद करें' },
  notFound: {
    title: 'पृष्ठ नहीं मिला',
    text: '{{path}} पर कोई पृष्ठ नहीं है।',
    home: 'होम पेज पर जाएँ',
    profile: 'अपनी प्रोफ़ाइल पर जाएँ',
    login: 'लॉगिन पर जाएँ',
  },
  remote: {
    loading: '{{name}} लोड हो रहा है',
    failedTitle: 'कंसोल का यह भाग लोड नहीं हो सका',
    refusedTitle: 'कंसोल का यह भाग इस कंसोल के अनुकूल नहीं है',
    crashedTitle: 'कंसोल के इस भाग ने काम करना बंद कर दिया',
    retry: 'पुनः प्रयास करें',
    unavailable: 'कंसोल के कुछ भाग लोड नहीं हो सके',
  },
  registry: {
    loading: 'कंसोल लोड हो रहा है',
    failedTitle: 'कंसोल अपने भागों की सूची नहीं पढ़ सका',
  },
  session: {
    title: 'सत्र समाप्त',
    text: 'जारी रखने के लिए कृपया अपना सत्र नवीनीकृत करें',
    exit: 'बाहर निकलें',
    renew: 'नवीनीकृत करें',
  },
  // the error catalogue's own messages (spec 8), shown by the toasts in the page's language
  catalogue: { network: 'उफ़! कृपया अपना इंटरनेट कनेक्शन जाँचें।' },
  api: { down: 'सर्वर जवाब नहीं दे रहा है; फिर से कोशिश की जा रही है' },
  override: {
    active: 'रिमोट ओवरराइड सक्रिय: {{names}}',
    clear: 'ओवरराइड हटाएँ',
  },
};
