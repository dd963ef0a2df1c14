// The device and property timelines' texts (English and Hindi), a namespace of their own added when the timeline is
// first shown: the sign-in page's `ui` bundle does not carry them.
import type { i18n as I18n } from 'i18next';

export const TIMELINE_NAMESPACE = 'uiTimeline';

const en = {
  title: 'Timeline',
  details: 'Details',
  views: 'Device views',
  propertyViews: 'Property views',
  kind: 'Kind',
  allKinds: 'All kinds',
  when: 'Date & Time',
  what: 'What happened',
  by: 'By',
  empty: 'Nothing has happened to this device yet',
  emptyProperty: 'Nothing has happened at this property yet',
  kinds: {
    fault: 'Fault',
    connection: 'Connection',
    work_state: 'Work state',
    ota: 'Firmware update',
    rollout: 'Rollout',
    install: 'Installation',
    edit: 'Change',
    assignment: 'Reassignment',
    member: 'Member',
    tariff: 'Tariff',
    device: 'Device',
  },
  events: {
    raised: 'Fault {{code}} raised',
    resolved: 'Fault {{code}} resolved',
    pushed: 'Update to {{version}} sent (was {{from}})',
    otaInstalled: 'Update to {{version}} installed',
    otaFailed: 'Update to {{version}} failed',
    joined: 'Joined rollout {{name}} (now {{state}})',
    rolloutOutcome: 'Rollout {{name}}: {{state}}',
    installed: 'Installed (serial {{serial}})',
    replaced: 'Replaced (serial {{serial}})',
    removed: 'Removed (serial {{serial}})',
    change: '{{action}}: {{label}}',
    changed: '{{field}}: {{old}} → {{new}}',
    memberAdded: 'Member {{email}} added',
    memberRemoved: 'Member {{email}} removed',
    tariffSet: 'Tariff set: {{structure}}',
    movedIn: 'Device {{label}} moved in',
    movedOut: 'Device {{label}} moved out',
    propertyCreated: 'Property {{name}} created',
  },
  actions: {
    create: 'Created',
    update: 'Edited',
    delete: 'Deleted',
    action: 'Action',
    bulk_update: 'Edited with others',
    bulk_delete: 'Deleted with others',
    status_change: 'Status changed',
    assign: 'Moved',
    resolve: 'Resolved',
    push: 'Update sent',
    flag_change: 'Flag changed',
    rollout_action: 'Rollout changed',
  },
  states: {
    queued: 'queued',
    in_flight: 'updating',
    installed: 'installed',
    failed: 'failed',
    timed_out: 'timed out',
    cancelled: 'cancelled',
  },
};

export type TimelineTexts = typeof en;

const hi: TimelineTexts = {
  title: 'समयरेखा',
  details: 'विवरण',
  views: 'डिवाइस दृश्य',
  propertyViews: 'संपत्ति दृश्य',
  kind: 'प्रकार',
  allKinds: 'सभी प्रकार',
  when: 'दिनांक और समय',
  what: 'क्या हुआ',
  by: 'किसके द्वारा',
  empty: 'इस डिवाइस के साथ अभी तक कुछ नहीं हुआ है',
  emptyProperty: 'इस संपत्ति पर अभी तक कुछ नहीं हुआ है',
  kinds: {
    fault: 'खराबी',
    connection: 'कनेक्शन',
    work_state: 'कार्य स्थिति',
    ota: 'फ़र्मवेयर अपडेट',
    rollout: 'रोलआउट',
    install: 'स्थापना',
    edit: 'बदलाव',
    assignment: 'पुनः सौंपना',
    member: 'सदस्य',
    tariff: 'टैरिफ़',
    device: 'डिवाइस',
  },
  events: {
    raised: 'खराबी {{code}} आई',
    resolved: 'खराबी {{code}} ठीक हुई',
    pushed: '{{version}} का अपडेट भेजा गया (पहले {{from}})',
    otaInstalled: '{{version}} का अपडेट इंस्टॉल हुआ',
    otaFailed: '{{version}} का अपडेट विफल रहा',
    joined: 'रोलआउट {{name}} में जोड़ा गया (अब {{state}})',
    rolloutOutcome: 'रोलआउट {{name}}: {{state}}',
    installed: 'स्थापित (सीरियल {{serial}})',
    replaced: 'बदला गया (सीरियल {{serial}})',
    removed: 'हटाया गया (सीरियल {{serial}})',
    change: '{{action}}: {{label}}',
    changed: '{{field}}: {{old}} → {{new}}',
    memberAdded: 'सदस्य {{email}} जोड़ा गया',
    memberRemoved: 'सदस्य {{email}} हटाया गया',
    tariffSet: 'टैरिफ़ तय किया गया: {{structure}}',
    movedIn: 'डिवाइस {{label}} यहाँ लाया गया',
    movedOut: 'डिवाइस {{label}} यहाँ से ले जाया गया',
    propertyCreated: 'संपत्ति {{name}} बनाई गई',
  },
  actions: {
    create: 'बनाया गया',
    update: 'संपादित',
    delete: 'हटाया गया',
    action: 'कार्रवाई',
    bulk_update: 'अन्य के साथ संपादित',
    bulk_delete: 'अन्य के साथ हटाया गया',
    status_change: 'स्थिति बदली',
    assign: 'स्थानांतरित',
    resolve: 'ठीक किया गया',
    push: 'अपडेट भेजा गया',
    flag_change: 'फ़्लैग बदला',
    rollout_action: 'रोलआउट बदला',
  },
  states: {
    queued: 'कतार में',
    in_flight: 'अपडेट हो रहा है',
    installed: 'इंस्टॉल हुआ',
    failed: 'विफल',
    timed_out: 'समय समाप्त',
    cancelled: 'रद्द',
  },
};

export const TIMELINE_TEXTS = { en, hi } as const;

/** Adds the timeline's namespace to the page's i18next once (idempotent). */
export function addTimelineTexts(instance: I18n): void {
  for (const [lng, texts] of Object.entries(TIMELINE_TEXTS)) {
    if (!instance.hasResourceBundle(lng, TIMELINE_NAMESPACE)) instance.addResourceBundle(lng, TIMELINE_NAMESPACE, texts, true, false);
  }
}
