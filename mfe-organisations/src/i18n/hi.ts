import type { OrganisationsTexts } from './en';

export const hi: OrganisationsTexts = {
  menu: {
    aggregators: 'एग्रीगेटर',
    retailers: 'बिजली रिटेलर',
  },
  common: {
    action: 'कार्रवाई',
    created: 'बनाया गया',
    yes: 'हाँ',
    no: 'नहीं',
    save: 'सहेजें',
    cancel: 'रद्द करें',
  },
  aggregators: {
    title: 'एग्रीगेटर',
    name: 'नाम',
    electricians: 'इलेक्ट्रीशियन',
    add: 'एग्रीगेटर जोड़ें',
    edit: 'एग्रीगेटर संपादित करें',
    deleteTitle: 'एग्रीगेटर हटाएँ',
    deleteText: 'क्या आप वाकई {{name}} को हटाना चाहते हैं?',
    nameRequired: 'नाम आवश्यक है',
    nameTooLong: 'नाम 200 अक्षरों से कम होना चाहिए',
  },
  retailers: {
    title: 'बिजली रिटेलर',
    name: 'रिटेलर का नाम',
    topListed: 'शीर्ष सूचीबद्ध',
    properties: 'संपत्तियाँ',
    add: 'रिटेलर जोड़ें',
    edit: 'रिटेलर संपादित करें',
    deleteTitle: 'रिटेलर हटाएँ',
    deleteText: 'क्या आप वाकई {{name}} को हटाना चाहते हैं?',
    nameRequired: 'रिटेलर का नाम आवश्यक है',
    nameTooLong: 'रिटेलर का नाम 200 अक्षरों से कम होना चाहिए',
  },
  standalone: {
    title: 'mfe-organisations',
  },
};
