// Hindi texts: the menu and screen titles. Everything else falls back to English (fallbackLng en)
// until a translator fills the rest in.
export const hi = {
  menu: {
    firmwares: 'फ़र्मवेयर',
    otas: 'ओटीए',
    otaHistory: 'ओटीए इतिहास',
    rules: 'नियम',
    groups: 'समूह',
  },
  firmwares: { title: 'फ़र्मवेयर', add: 'फ़र्मवेयर जोड़ें' },
  rules: { title: 'नियम', add: 'नियम जोड़ें' },
  groups: { title: 'समूह', add: 'समूह जोड़ें' },
  otas: { title: 'ओटीए' },
  history: { title: 'ओटीए इतिहास' },
  common: {
    versionDevices_one: '{{version}} · {{count}} डिवाइस',
    versionDevices_other: '{{version}} · {{count}} डिवाइस',
  },
  downgrade: {
    title: 'डिवाइस डाउनग्रेड करें',
    text: 'अपग्रेड संस्करण {{to}} वर्तमान संस्करण {{from}} से पुराना है: {{from}} वाले डिवाइस डाउनग्रेड होंगे। जारी रखें?',
  },
  productLine: {
    label: 'उत्पाद श्रेणी',
    choose: 'उत्पाद श्रेणी चुनें',
    why: 'फ़र्मवेयर, नियम, समूह और पुश हर उत्पाद श्रेणी के अलग रखे जाते हैं। एक उत्पाद श्रेणी चुनें।',
  },
};
