/** The fixed vocabulary of the demo catalogue: categories, manufacturers and how their parts look. */

export type SpecKind = 'cylinder' | 'valve' | 'pump' | 'fitting' | 'electrical' | 'sensor' | 'drive' | 'motor' | 'consumable' | 'bearing';

export interface SubCategorySeed {
  name: string;
  slug: string;
  description: string;
  kind: SpecKind;
  /** Product names; one is picked per part. */
  products: string[];
  /** Manufacturer slugs that make this kind of part. */
  makers: string[];
}

export interface CategorySeed {
  name: string;
  slug: string;
  description: string;
  children: SubCategorySeed[];
}

export interface ManufacturerSeed {
  name: string;
  slug: string;
  description: string;
  /** Part-number templates: # digit, @ upper-case letter, {bore} {stroke} from the part's specs. */
  patterns: string[];
}

export const CATEGORY_SEEDS: CategorySeed[] = [
  {
    name: 'Hydraulic Components',
    slug: 'hydraulic-components',
    description: 'Cylinders, valves, pumps and fittings for hydraulic power systems.',
    children: [
      {
        name: 'Hydraulic Cylinders',
        slug: 'hydraulic-cylinders',
        description: 'Tie-rod and welded cylinders for linear force.',
        kind: 'cylinder',
        products: ['Tie-Rod Hydraulic Cylinder', 'Welded Hydraulic Cylinder', 'Compact Hydraulic Cylinder', 'Telescopic Hydraulic Cylinder'],
        makers: ['bosch-rexroth', 'parker-hannifin', 'eaton', 'hydac', 'enerpac'],
      },
      {
        name: 'Hydraulic Valves',
        slug: 'hydraulic-valves',
        description: 'Directional, pressure and flow control valves.',
        kind: 'valve',
        products: ['4/3 Directional Control Valve', 'Pressure Relief Valve', 'Flow Control Valve', 'Check Valve', 'Proportional Valve'],
        makers: ['bosch-rexroth', 'parker-hannifin', 'eaton', 'danfoss', 'hydac'],
      },
      {
        name: 'Hydraulic Pumps',
        slug: 'hydraulic-pumps',
        description: 'Gear, vane and piston pumps.',
        kind: 'pump',
        products: ['External Gear Pump', 'Axial Piston Pump', 'Vane Pump', 'Hand Pump'],
        makers: ['bosch-rexroth', 'parker-hannifin', 'danfoss', 'eaton', 'enerpac'],
      },
      {
        name: 'Hydraulic Fittings & Hoses',
        slug: 'hydraulic-fittings-hoses',
        description: 'Adapters, couplings and hose assemblies.',
        kind: 'fitting',
        products: ['Quick Coupling', 'Hose Assembly', 'Straight Adapter', 'Elbow Fitting', 'Test Point Coupling'],
        makers: ['parker-hannifin', 'eaton', 'hydac', 'bosch-rexroth'],
      },
    ],
  },
  {
    name: 'Pneumatic Systems',
    slug: 'pneumatic-systems',
    description: 'Air cylinders, solenoid valves, air preparation and vacuum.',
    children: [
      {
        name: 'Pneumatic Cylinders',
        slug: 'pneumatic-cylinders',
        description: 'ISO, compact and guided air cylinders.',
        kind: 'cylinder',
        products: ['Compact Pneumatic Cylinder', 'ISO 15552 Cylinder', 'Round Body Cylinder', 'Guided Cylinder', 'Rodless Cylinder'],
        makers: ['smc', 'festo', 'norgren', 'camozzi', 'parker-hannifin', 'aventics'],
      },
      {
        name: 'Solenoid Valves',
        slug: 'solenoid-valves',
        description: '3/2 and 5/2 solenoid and pilot valves.',
        kind: 'valve',
        products: ['5/2 Solenoid Valve', '3/2 Solenoid Valve', '5/3 Solenoid Valve', 'Valve Terminal'],
        makers: ['smc', 'festo', 'norgren', 'camozzi', 'aventics', 'asco'],
      },
      {
        name: 'Air Preparation Units',
        slug: 'air-preparation-units',
        description: 'Filters, regulators and lubricators.',
        kind: 'fitting',
        products: ['Filter Regulator', 'Lubricator', 'FRL Combination Unit', 'Pressure Regulator'],
        makers: ['smc', 'festo', 'norgren', 'camozzi'],
      },
      {
        name: 'Vacuum Components',
        slug: 'vacuum-components',
        description: 'Suction cups, ejectors and vacuum switches.',
        kind: 'sensor',
        products: ['Vacuum Ejector', 'Suction Cup', 'Vacuum Switch'],
        makers: ['smc', 'festo', 'schmalz'],
      },
    ],
  },
  {
    name: 'Electrical Controls',
    slug: 'electrical-controls',
    description: 'PLCs, contactors, protection devices, power supplies and sensors.',
    children: [
      {
        name: 'Programmable Logic Controllers',
        slug: 'programmable-logic-controllers',
        description: 'Compact and modular PLCs and I/O modules.',
        kind: 'electrical',
        products: ['Compact PLC CPU', 'Digital Input Module', 'Analog Output Module', 'Communication Module'],
        makers: ['siemens', 'rockwell-automation', 'omron', 'mitsubishi-electric', 'schneider-electric'],
      },
      {
        name: 'Contactors & Relays',
        slug: 'contactors-relays',
        description: 'Power contactors, overload and safety relays.',
        kind: 'electrical',
        products: ['Power Contactor', 'Thermal Overload Relay', 'Safety Relay', 'Interface Relay'],
        makers: ['siemens', 'schneider-electric', 'abb', 'eaton', 'pilz', 'phoenix-contact'],
      },
      {
        name: 'Circuit Breakers',
        slug: 'circuit-breakers',
        description: 'Miniature and motor protection circuit breakers.',
        kind: 'electrical',
        products: ['Miniature Circuit Breaker', 'Motor Protection Circuit Breaker', 'Residual Current Device'],
        makers: ['siemens', 'abb', 'schneider-electric', 'eaton'],
      },
      {
        name: 'Power Supplies',
        slug: 'power-supplies',
        description: 'DIN-rail switched-mode power supplies.',
        kind: 'electrical',
        products: ['DIN Rail Power Supply', 'Redundancy Module', 'UPS Module'],
        makers: ['phoenix-contact', 'siemens', 'omron', 'abb'],
      },
      {
        name: 'Industrial Sensors',
        slug: 'industrial-sensors',
        description: 'Inductive, photoelectric and pressure sensors.',
        kind: 'sensor',
        products: ['Inductive Proximity Sensor', 'Photoelectric Sensor', 'Pressure Transmitter', 'Cylinder Position Sensor'],
        makers: ['sick', 'balluff', 'ifm-electronic', 'omron', 'festo', 'smc'],
      },
    ],
  },
  {
    name: 'Automation Solutions',
    slug: 'automation-solutions',
    description: 'Drives, motors, HMIs and linear motion for machine automation.',
    children: [
      {
        name: 'Servo Drives',
        slug: 'servo-drives',
        description: 'Servo amplifiers and motion controllers.',
        kind: 'drive',
        products: ['Servo Drive', 'Multi-Axis Servo Controller'],
        makers: ['siemens', 'yaskawa', 'lenze', 'mitsubishi-electric', 'rockwell-automation', 'bosch-rexroth'],
      },
      {
        name: 'Servo Motors',
        slug: 'servo-motors',
        description: 'Synchronous servo motors with encoders.',
        kind: 'motor',
        products: ['AC Servo Motor', 'Servo Motor with Brake', 'Low-Inertia Servo Motor'],
        makers: ['siemens', 'yaskawa', 'lenze', 'mitsubishi-electric', 'abb'],
      },
      {
        name: 'Frequency Inverters',
        slug: 'frequency-inverters',
        description: 'Variable frequency drives for AC motors.',
        kind: 'drive',
        products: ['Variable Frequency Drive', 'Compact Inverter'],
        makers: ['abb', 'danfoss', 'siemens', 'schneider-electric', 'yaskawa', 'lenze'],
      },
      {
        name: 'HMI Panels',
        slug: 'hmi-panels',
        description: 'Operator touch panels.',
        kind: 'electrical',
        products: ['Touch Panel HMI', 'Comfort Panel', 'Basic Panel'],
        makers: ['siemens', 'omron', 'rockwell-automation', 'schneider-electric'],
      },
      {
        name: 'Linear Actuators',
        slug: 'linear-actuators',
        description: 'Electric axes and slides.',
        kind: 'cylinder',
        products: ['Electric Cylinder', 'Toothed Belt Axis', 'Spindle Axis'],
        makers: ['festo', 'smc', 'bosch-rexroth', 'parker-hannifin'],
      },
    ],
  },
  {
    name: 'Maintenance Products',
    slug: 'maintenance-products',
    description: 'Bearings, seals, lubricants and everything that keeps machines running.',
    children: [
      {
        name: 'Bearings',
        slug: 'bearings',
        description: 'Ball, roller and housed bearings.',
        kind: 'bearing',
        products: ['Deep Groove Ball Bearing', 'Tapered Roller Bearing', 'Pillow Block Bearing', 'Spherical Roller Bearing'],
        makers: ['skf', 'schaeffler', 'timken'],
      },
      {
        name: 'Seals & O-Rings',
        slug: 'seals-o-rings',
        description: 'O-rings, rod seals and seal kits.',
        kind: 'consumable',
        products: ['O-Ring Kit', 'Rod Seal', 'Piston Seal Kit', 'Wiper Seal'],
        makers: ['parker-hannifin', 'skf', 'festo', 'smc'],
      },
      {
        name: 'Lubricants',
        slug: 'lubricants',
        description: 'Greases, oils and automatic lubricators.',
        kind: 'consumable',
        products: ['Bearing Grease Cartridge', 'Hydraulic Oil', 'Automatic Lubricator', 'Chain Oil Spray'],
        makers: ['skf', 'schaeffler', 'timken'],
      },
      {
        name: 'Filter Elements',
        slug: 'filter-elements',
        description: 'Replacement hydraulic and air filter elements.',
        kind: 'consumable',
        products: ['Return Filter Element', 'Pressure Filter Element', 'Air Filter Cartridge'],
        makers: ['hydac', 'parker-hannifin', 'bosch-rexroth', 'smc'],
      },
    ],
  },
];

export const MANUFACTURER_SEEDS: ManufacturerSeed[] = [
  {
    name: 'Siemens',
    slug: 'siemens',
    description: 'Industrial automation, drives and controls.',
    patterns: ['6ES7###-#@@##-0@@0', '3RT20##-#@@##', '6SL3###-#@@##-#@@0', '5SY6###-7'],
  },
  {
    name: 'SMC',
    slug: 'smc',
    description: 'Pneumatic components and vacuum technology.',
    patterns: ['CDQ2B{bore}-{stroke}DZ', 'SY####-5DZ-C#', 'AW##-F0#BE-A', 'ZFC###-0#B'],
  },
  {
    name: 'Festo',
    slug: 'festo',
    description: 'Pneumatic and electric automation.',
    patterns: ['DSBC-{bore}-{stroke}-PPVA-N3', 'VUVG-L##-M52-MT-G18-1P3', 'MS#-LFR-1/4-D#-CRV-AS', 'SMT-8M-A-PS-24V-E-#,#-OE'],
  },
  {
    name: 'Bosch Rexroth',
    slug: 'bosch-rexroth',
    description: 'Hydraulics, linear motion and drive technology.',
    patterns: ['4WE#D#X/EG24N9K4', 'R9#######', 'A10VSO##DR/31R-PPA12N00', 'CDT3MT4/{bore}/##/{stroke}Z1X/B11CFUMWW'],
  },
  {
    name: 'Parker Hannifin',
    slug: 'parker-hannifin',
    description: 'Motion and control technologies.',
    patterns: ['P1D-S0{bore}MS-0{stroke}', '2H{bore}F-{stroke}', 'PGP5##B####CA1H2NE5E3B1B1', '#@##-## ##'],
  },
  {
    name: 'Schneider Electric',
    slug: 'schneider-electric',
    description: 'Energy management and industrial automation.',
    patterns: ['LC1D##M7', 'ATV320U##N4B', 'GV2ME##', 'TM221CE##R'],
  },
  {
    name: 'ABB',
    slug: 'abb',
    description: 'Electrification, robotics and motion.',
    patterns: ['ACS580-01-0##A-4', 'S203-C##', 'AF##-30-10-13', '1SVR###########'],
  },
  {
    name: 'Omron',
    slug: 'omron',
    description: 'Sensing and control for factory automation.',
    patterns: ['E2E-X#D1-N 2M', 'CP1E-N##DR-A', 'G2R-1-S 24DC', 'NB#Q-TW00B'],
  },
  {
    name: 'Mitsubishi Electric',
    slug: 'mitsubishi-electric',
    description: 'PLCs, servo systems and inverters.',
    patterns: ['FX5U-##MR/ES', 'MR-J4-##A', 'HG-KR##', 'FR-E8##-0.#K'],
  },
  {
    name: 'Rockwell Automation',
    slug: 'rockwell-automation',
    description: 'Allen-Bradley controllers and drives.',
    patterns: ['1756-L##', '2198-H0##-ERS', '1769-IQ##', '2711P-T#W21D8S'],
  },
  {
    name: 'Eaton',
    slug: 'eaton',
    description: 'Power management and hydraulics.',
    patterns: ['DILM##-10(24VDC)', 'PKZM0-##', 'DG4V-3-#C-M-U-H7-60', 'FAZ-C##/1'],
  },
  {
    name: 'Danfoss',
    slug: 'danfoss',
    description: 'Drives, hydraulics and climate solutions.',
    patterns: ['131B####', 'FC-302P#K#T5E20H1', 'OMR ###', '158B####'],
  },
  {
    name: 'Norgren',
    slug: 'norgren',
    description: 'Pneumatic motion and fluid control.',
    patterns: ['RA/8{bore}/M/{stroke}', 'V##A5##A-X5##', 'B##-###-M3KG'],
  },
  { name: 'Camozzi', slug: 'camozzi', description: 'Pneumatic automation components.', patterns: ['60M2L0{bore}A0{stroke}', '358-0##', 'MC###-D##'] },
  { name: 'Aventics', slug: 'aventics', description: 'Pneumatic valves and cylinders.', patterns: ['R4800#####', '0820####0#', 'ES05-###'] },
  { name: 'ASCO', slug: 'asco', description: 'Solenoid valves and fluid automation.', patterns: ['SCG###A0##', '8210G0##', 'EF8314G0##'] },
  {
    name: 'Hydac',
    slug: 'hydac',
    description: 'Fluid technology, filtration and accumulators.',
    patterns: ['0###R0##BN4HC', 'EDS #4#6-#-0250-000', 'SB330-#A1/112U-330A'],
  },
  { name: 'Enerpac', slug: 'enerpac', description: 'High-pressure hydraulic tools.', patterns: ['RC-###', 'P-###', 'CR-#00'] },
  { name: 'Schmalz', slug: 'schmalz', description: 'Vacuum technology.', patterns: ['10.01.06.0####', 'SBPL ## NBR-55 G1/4-IG'] },
  {
    name: 'Phoenix Contact',
    slug: 'phoenix-contact',
    description: 'Connection technology and power supplies.',
    patterns: ['29#####', 'QUINT4-PS/1AC/24DC/##', 'PLC-RSC- 24DC/21'],
  },
  { name: 'Pilz', slug: 'pilz', description: 'Safe automation.', patterns: ['7###0#', 'PNOZ s# 24VDC #n/o #n/c'] },
  { name: 'SICK', slug: 'sick', description: 'Sensor intelligence.', patterns: ['WTB#-3P2###', 'IME##-0#BPSZC0K', '10#####'] },
  {
    name: 'Balluff',
    slug: 'balluff',
    description: 'Sensors and industrial networking.',
    patterns: ['BES 516-3##-G-E4-C-S4', 'BOS 18M-PA-1QB-E5-C-S4', 'BTL7-E100-M0###-B-S32'],
  },
  { name: 'ifm electronic', slug: 'ifm-electronic', description: 'Position sensors and process sensors.', patterns: ['IFS2##', 'PN7###', 'O5D1##'] },
  { name: 'Yaskawa', slug: 'yaskawa', description: 'Servo drives, motors and inverters.', patterns: ['SGD7S-#R#A00A', 'SGM7J-0#AFC6S', 'CIPR-GA50C#0##ABAA'] },
  { name: 'Lenze', slug: 'lenze', description: 'Drive and automation solutions.', patterns: ['E84AVSCE####SX0', 'MCS##H##-RS0B0', 'I55AE1##F10010000S'] },
  { name: 'SKF', slug: 'skf', description: 'Bearings, seals and lubrication.', patterns: ['6###-2RSH', '3###0 J2/Q', 'SYJ ## TF', 'LAGD 125/WA#'] },
  { name: 'Schaeffler', slug: 'schaeffler', description: 'INA and FAG rolling bearings.', patterns: ['6###-2Z-C3', '2##0#-E1-XL', 'RASE##-XL'] },
  {
    name: 'Timken',
    slug: 'timken',
    description: 'Engineered bearings and power transmission.',
    patterns: ['LM#####/LM#####', '#####-90###', 'HM#####/HM#####'],
  },
];
