/**
 * The fixed part of the demo fleet: organisations, people and reference lists. The bulk (customers,
 * properties, devices, faults, history) is generated in SQL from these lists; see ./index.ts.
 */
import { HEAT_PUMP_FAULTS } from '@fleet/contract';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export type DemoUserType = 'Admin' | 'Agency' | 'Electrician' | 'User' | 'mscc' | 'sm' | 'Customer';

/** The demo sign-ins, one per role; all use DEMO_PASSWORD and are e-mail verified. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; userType: DemoUserType }> = [
  { email: 'admin@demo.test', userType: 'Admin' },
  { email: 'agency@demo.test', userType: 'Agency' },
  { email: 'electrician@demo.test', userType: 'Electrician' },
  { email: 'mscc@demo.test', userType: 'mscc' },
  { email: 'sm@demo.test', userType: 'sm' },
  { email: 'customer@demo.test', userType: 'Customer' },
  { email: 'user@demo.test', userType: 'User' },
];

/** Product lines in the order the generator numbers them (1-based in SQL). */
export const PRODUCT_LINES = ['ihd', 'ihd_livelink', 'livelink', 'safelink', 'airlink', 'bulb', 'heat_pump'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

/** Shares of the fleet per line, out of 20 (electricity advisors and livelinks are most of it). */
export const LINE_WEIGHTS: Record<ProductLine, number> = {
  ihd: 3,
  ihd_livelink: 2,
  livelink: 5,
  safelink: 3,
  airlink: 2,
  bulb: 3,
  heat_pump: 2,
};

/** First digits of a serial number and first six hex digits of a MAC address per line. */
export const SERIAL_PREFIX: Record<ProductLine, string> = {
  ihd: '10',
  ihd_livelink: '11',
  livelink: '20',
  safelink: '30',
  airlink: '40',
  bulb: '50',
  heat_pump: '60',
};
export const MAC_PREFIX: Record<ProductLine, string> = {
  ihd: '70B3D5',
  ihd_livelink: '70B3D6',
  livelink: 'A4CF12',
  safelink: '240AC4',
  airlink: '30AEA4',
  bulb: 'D8F15B',
  heat_pump: 'C8C9A3',
};
/** Four firmware versions in the field per line, oldest first. */
export const FIRMWARE_VERSIONS: Record<ProductLine, [string, string, string, string]> = {
  ihd: ['1.4.2', '1.5.0', '1.5.1', '1.6.0'],
  ihd_livelink: ['2.0.3', '2.1.0', '2.1.4', '2.2.0'],
  livelink: ['3.1.0', '3.2.1', '3.2.5', '3.3.0'],
  safelink: ['1.0.8', '1.1.0', '1.1.2', '1.2.0'],
  airlink: ['0.9.4', '1.0.0', '1.0.3', '1.1.1'],
  bulb: ['1.2.3', '1.2.7', '1.3.0', '1.3.2'],
  heat_pump: ['5.0.12', '5.1.0', '5.1.3', '5.2.0'],
};

/** Heat-pump fault codes and their descriptions (@fleet/contract: the console describes the same codes). */
export const FAULT_DESCRIPTIONS: Record<string, string> = HEAT_PUMP_FAULTS;
/** How often each code turns up (E96/E98 are the common ones in the field). */
export const FAULT_CODE_DRAW = ['E96', 'E98', 'E96', 'E98', 'E01', 'E02', 'E03', 'E04', 'E05', 'E06', 'E08', 'P01'];

export interface AgencySeed {
  agency_name: string;
  email: string;
  contact_first_name: string;
  contact_last_name: string;
  contact: string;
  abn_no: string;
  state: string;
  city: string;
  postcode: string;
  street_address: string;
  status: 'Active' | 'In-Active';
  flows: string;
  device_type: string;
  /** Share of customers (relative). */
  weight: number;
}

// "Sunrise Installers" and "Sunrise Installers West" overlap on purpose: tenant tests search by name.
export const AGENCIES: AgencySeed[] = [
  {
    agency_name: 'Sunrise Installers', email: 'agency@demo.test', contact_first_name: 'Sarah',
    contact_last_name: 'Mitchell', contact: '0298765432', abn_no: '51824753556', state: 'NSW', city: 'Parramatta',
    postcode: '2150', street_address: '12 Church Street', status: 'Active', flows: 'install,replace,remove',
    device_type: 'livelink,safelink,heat_pump', weight: 4,
  },
  {
    agency_name: 'Sunrise Installers West', email: 'office@sunrise-west.example.com', contact_first_name: 'Daniel',
    contact_last_name: 'Nguyen', contact: '0893214567', abn_no: '33102417032', state: 'WA', city: 'Perth',
    postcode: '6000', street_address: '88 Hay Street', status: 'Active', flows: 'install,replace',
    device_type: 'livelink,bulb,heat_pump', weight: 2,
  },
  {
    agency_name: 'Coastal Energy Solutions', email: 'hello@coastal-energy.example.com', contact_first_name: 'Megan',
    contact_last_name: 'Kelly', contact: '0755501234', abn_no: '74625189340', state: 'QLD', city: 'Gold Coast',
    postcode: '4217', street_address: '3 Surf Parade', status: 'Active', flows: 'install,replace,remove',
    device_type: 'ihd,ihd_livelink,airlink', weight: 3,
  },
  {
    agency_name: 'Harbour Electrical Group', email: 'admin@harbour-electrical.example.com', contact_first_name: 'Tom',
    contact_last_name: 'Roberts', contact: '0396541230', abn_no: '12004044937', state: 'VIC', city: 'Melbourne',
    postcode: '3000', street_address: '240 Collins Street', status: 'Active', flows: 'install',
    device_type: 'livelink,safelink,airlink,bulb', weight: 3,
  },
  {
    agency_name: 'Outback Solar & Electrical', email: 'jobs@outback-solar.example.com', contact_first_name: 'Kylie',
    contact_last_name: 'Walker', contact: '0889410022', abn_no: '90123456789', state: 'NT', city: 'Darwin',
    postcode: '0800', street_address: '17 Mitchell Street', status: 'Active', flows: 'install,replace',
    device_type: 'heat_pump,ihd', weight: 2,
  },
  {
    agency_name: 'Greenleaf Energy Services', email: 'team@greenleaf-energy.example.com', contact_first_name: 'Ravi',
    contact_last_name: 'Patel', contact: '0862001199', abn_no: '28364915270', state: 'SA', city: 'Adelaide',
    postcode: '5000', street_address: '5 King William Street', status: 'In-Active', flows: 'install',
    device_type: 'livelink', weight: 1,
  },
];

export const AGGREGATORS = ['Amber Grid Services', 'Reposit Power', 'ShineHub VPP', 'Evergen', 'Energy Locals Aggregation'];

/** Three field agents and three electricians per agency, names drawn from these. */
export const AGENT_NAMES: Array<[string, string]> = [
  ['Liam', 'Foster'], ['Chloe', 'Bennett'], ['Noah', 'Griffin'], ['Isla', 'Hughes'], ['Jack', 'Murray'],
  ['Ava', 'Russell'], ['Ethan', 'Barker'], ['Mia', 'Fraser'], ['Lucas', 'Dunn'], ['Zoe', 'Hayes'],
  ['Mason', 'Carr'], ['Ruby', 'Lowe'], ['Oscar', 'Pearce'], ['Lily', 'Stone'], ['Hugo', 'Reid'],
  ['Sienna', 'Webb'], ['Archie', 'Cross'], ['Ivy', 'Lane'],
];
export const ELECTRICIAN_NAMES: Array<[string, string]> = [
  ['Ben', 'Carter'], ['Jess', 'Morgan'], ['Sam', 'Doyle'], ['Kate', 'Ellis'], ['Josh', 'Byrne'],
  ['Emma', 'Quinn'], ['Luke', 'Sharp'], ['Hannah', 'Price'], ['Ryan', 'Cole'], ['Tara', 'Nash'],
  ['Dylan', 'Hart'], ['Amy', 'Burke'], ['Nick', 'Ward'], ['Beth', 'Fox'], ['Matt', 'Lang'],
  ['Claire', 'Owen'], ['Adam', 'Rowe'], ['Jade', 'Marsh'],
  // Independent electricians (no agency).
  ['Paul', 'Kennedy'], ['Lisa', 'Tran'], ['Greg', 'Holmes'],
];

export interface CompanySeed {
  company_name: string;
  company_address: string;
  contact_person_email: string;
  /** Agency slots (index into AGENCIES) that serve it; the first created it. */
  agencySlots: number[];
  sites: Array<{ site_name: string; site_address: string }>;
  managers: Array<[string, string, string]>; // first, last, email
  contacts: Array<[string, string, string, string]>; // first, last, email, contact_no
}

export const COMPANIES: CompanySeed[] = [
  {
    company_name: 'Northbridge Aged Care Group', company_address: '1 Miller Street, North Sydney NSW 2060',
    contact_person_email: 'mscc@demo.test', agencySlots: [0, 2],
    sites: [
      { site_name: 'Northbridge Lodge', site_address: '22 Strathallen Avenue, Northbridge NSW 2063' },
      { site_name: 'Willoughby Gardens', site_address: '9 Penshurst Street, Willoughby NSW 2068' },
      { site_name: 'Chatswood Court', site_address: '41 Victoria Avenue, Chatswood NSW 2067' },
      { site_name: 'Lane Cove Terrace', site_address: '6 Burns Bay Road, Lane Cove NSW 2066' },
    ],
    managers: [
      ['Helen', 'Carmody', 'sm@demo.test'],
      ['Marcus', 'Yeo', 'marcus.yeo@northbridge-care.example.com'],
    ],
    contacts: [
      ['Fiona', 'Grant', 'fiona.grant@northbridge-care.example.com', '0294561200'],
      ['Owen', 'Blake', 'facilities@northbridge-care.example.com', '0294561288'],
    ],
  },
  {
    company_name: 'Pacific Coast Hotels', company_address: '100 The Esplanade, Surfers Paradise QLD 4217',
    contact_person_email: 'ops@pacific-coast-hotels.example.com', agencySlots: [2, 3],
    sites: [
      { site_name: 'Surfers Beachfront', site_address: '100 The Esplanade, Surfers Paradise QLD 4217' },
      { site_name: 'Noosa Heads Resort', site_address: '14 Hastings Street, Noosa Heads QLD 4567' },
      { site_name: 'Cairns Marina Hotel', site_address: '2 Spence Street, Cairns QLD 4870' },
      { site_name: 'Byron Bay Retreat', site_address: '31 Lawson Street, Byron Bay NSW 2481' },
    ],
    managers: [
      ['Grace', 'Holt', 'grace.holt@pacific-coast-hotels.example.com'],
      ['Tim', 'Ashby', 'tim.ashby@pacific-coast-hotels.example.com'],
    ],
    contacts: [['Nina', 'Rossi', 'nina.rossi@pacific-coast-hotels.example.com', '0755003311']],
  },
  {
    company_name: 'Summit School Services', company_address: '8 Hay Street, Subiaco WA 6008',
    contact_person_email: 'estates@summit-schools.example.com', agencySlots: [1, 4],
    sites: [
      { site_name: 'Subiaco Campus', site_address: '8 Hay Street, Subiaco WA 6008' },
      { site_name: 'Fremantle Campus', site_address: '40 High Street, Fremantle WA 6160' },
      { site_name: 'Joondalup Campus', site_address: '12 Lakeside Drive, Joondalup WA 6027' },
      { site_name: 'Darwin Campus', site_address: '5 Smith Street, Darwin NT 0800' },
    ],
    managers: [
      ['Andrew', 'Pike', 'andrew.pike@summit-schools.example.com'],
      ['Leah', 'Moss', 'leah.moss@summit-schools.example.com'],
    ],
    contacts: [
      ['Craig', 'Dalton', 'craig.dalton@summit-schools.example.com', '0893887000'],
      ['Wendy', 'Shaw', 'wendy.shaw@summit-schools.example.com', '0893887011'],
    ],
  },
];

export const HEAT_PUMP_MODELS: Array<{ model_name: string; capacity_litres: number; description: string }> = [
  { model_name: 'HP-180', capacity_litres: 180, description: 'Compact all-in-one heat pump water heater' },
  { model_name: 'HP-270', capacity_litres: 270, description: 'Family all-in-one heat pump water heater' },
  { model_name: 'HP-315', capacity_litres: 315, description: 'Large household heat pump water heater' },
  { model_name: 'HP-SPLIT-4', capacity_litres: 250, description: 'Split system, 4 kW outdoor unit' },
  { model_name: 'HP-COMM-12', capacity_litres: 1000, description: 'Commercial heat pump, 12 kW' },
];

export const RETAILERS: Array<[string, 0 | 1]> = [
  ['AGL', 1], ['Origin Energy', 1], ['EnergyAustralia', 1], ['Red Energy', 0], ['Alinta Energy', 0],
  ['Powershop', 0], ['Simply Energy', 0], ['Momentum Energy', 0], ['Lumo Energy', 0], ['Synergy', 0],
];

export const DISTRIBUTORS: Array<{ company_name: string; post_codes: string }> = [
  { company_name: 'Ausgrid', post_codes: '2000,2060,2063,2066,2067,2068,2300' },
  { company_name: 'Endeavour Energy', post_codes: '2150,2750,2560' },
  { company_name: 'Energex', post_codes: '4000,4217,4567' },
  { company_name: 'CitiPower', post_codes: '3000,3006' },
  { company_name: 'SA Power Networks', post_codes: '5000,5006' },
  { company_name: 'Western Power', post_codes: '6000,6008,6027,6160' },
];

export const PARTNERS: Array<{ name: string; email: string; phone: string; website: string }> = [
  { name: 'BrightHome Rebates', email: 'partners@brighthome.example.com', phone: '1300555101', website: 'https://brighthome.example.com' },
  { name: 'GreenSwitch Finance', email: 'hello@greenswitch.example.com', phone: '1300555202', website: 'https://greenswitch.example.com' },
  { name: 'Solar Savers Network', email: 'team@solarsavers.example.com', phone: '1300555303', website: 'https://solarsavers.example.com' },
];

export const SLIDES: Array<{ product_key: 'electricity-advisor' | 'livelink' | 'safelink' | 'airlink'; name: string; link: string }> = [
  { product_key: 'electricity-advisor', name: 'Know your usage', link: 'https://example.com/advisor' },
  { product_key: 'electricity-advisor', name: 'Winter savings tips', link: 'https://example.com/winter' },
  { product_key: 'livelink', name: 'LiveLink in real time', link: 'https://example.com/livelink' },
  { product_key: 'livelink', name: 'Solar export insights', link: 'https://example.com/solar' },
  { product_key: 'safelink', name: 'Test your alarms monthly', link: 'https://example.com/safelink' },
  { product_key: 'airlink', name: 'Breathe easier', link: 'https://example.com/airlink' },
];

// Names and addresses the generator draws from ---------------------------------------------------

export const FIRST_NAMES = [
  'Olivia', 'Jack', 'Charlotte', 'William', 'Amelia', 'Noah', 'Isla', 'Oliver', 'Mia', 'Thomas', 'Ava', 'James',
  'Grace', 'Lucas', 'Chloe', 'Henry', 'Zoe', 'Liam', 'Ruby', 'Ethan', 'Sophie', 'Harrison', 'Matilda', 'Cooper',
  'Emily', 'Lachlan', 'Harper', 'Mason', 'Evie', 'Riley', 'Ella', 'Hamish', 'Priya', 'Arjun', 'Mei', 'Wei', 'Aisha',
  'Mohammed', 'Sienna', 'Darcy',
];
export const LAST_NAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson', 'Thompson',
  'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Davis', 'Wright', 'Evans',
  'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Chen', 'Singh', 'Murphy', 'Mitchell',
  'Campbell',
];
export const STREETS = [
  'George', 'Pitt', 'King', 'Queen', 'Victoria', 'Elizabeth', 'Church', 'High', 'Station', 'Railway', 'Park', 'Main',
  'Bridge', 'Hill', 'Beach', 'Ocean', 'Forest', 'Wattle', 'Banksia', 'Acacia', 'Jacaranda', 'Waratah', 'Kookaburra',
  'Rosella', 'Macquarie', 'Flinders', 'Collins', 'Bourke', 'Hunter', 'Murray', 'Darling', 'Lachlan',
];
export const STREET_TYPES = [
  'Street', 'Road', 'Avenue', 'Drive', 'Court', 'Place', 'Crescent', 'Parade', 'Lane', 'Way', 'Close', 'Terrace',
  'Boulevard', 'Grove',
];
export const STREET_SUFFIXES = ['North', 'South', 'East', 'West', 'Upper', 'Lower', 'Central'];
/** city, state, postcode */
export const LOCALITIES: Array<[string, string, string]> = [
  ['Sydney', 'NSW', '2000'], ['Parramatta', 'NSW', '2150'], ['Penrith', 'NSW', '2750'], ['Newcastle', 'NSW', '2300'],
  ['Wollongong', 'NSW', '2500'], ['Chatswood', 'NSW', '2067'], ['Melbourne', 'VIC', '3000'], ['Geelong', 'VIC', '3220'],
  ['Ballarat', 'VIC', '3350'], ['Brisbane', 'QLD', '4000'], ['Gold Coast', 'QLD', '4217'], ['Townsville', 'QLD', '4810'],
  ['Cairns', 'QLD', '4870'], ['Adelaide', 'SA', '5000'], ['Mount Gambier', 'SA', '5290'], ['Perth', 'WA', '6000'],
  ['Fremantle', 'WA', '6160'], ['Bunbury', 'WA', '6230'], ['Hobart', 'TAS', '7000'], ['Launceston', 'TAS', '7250'],
  ['Darwin', 'NT', '0800'], ['Alice Springs', 'NT', '0870'], ['Canberra', 'ACT', '2600'], ['Belconnen', 'ACT', '2617'],
];
/** Weighted: houses and units are most properties. */
export const PROPERTY_TYPES_DRAW = [
  'House', 'House', 'House', 'House', 'House', 'House', 'House', 'House', 'Unit', 'Unit', 'Unit', 'Unit',
  'Apartment', 'Apartment', 'Apartment', 'Townhouse', 'Townhouse', 'Villa', 'Cottage', 'Flat', 'Room', 'Shed', 'Suite',
  'Office', 'Shop', 'Showroom', 'Factory', 'Site',
];
export const COMMERCIAL_PROPERTY_TYPES = ['Office', 'Shop', 'Showroom', 'Factory', 'Site'];
export const UNIT_TYPES = ['Block', 'Floor', 'Level', 'Lot'];
export const WIFI_NAMES = ['Telstra', 'Optus', 'TPG', 'Aussie-BB', 'NETGEAR', 'Home-WiFi', 'iiNet', 'Vodafone'];
export const INSTALLED_VIA = ['Installer App', 'Customer App', 'Console'];
