/** Every mappable column (the part fields and the filterable specifications) with one example row. */
export const CSV_TEMPLATE_HEADERS = [
  'name',
  'partNumber',
  'description',
  'price',
  'categoryId',
  'manufacturerId',
  'status',
  'image',
  'spec:bore',
  'spec:stroke',
  'spec:pressureRating',
] as const;

const EXAMPLE_ROW = [
  'Hydraulic Cylinder 32mm',
  'HC-32-100',
  '"Double-acting cylinder, chrome-plated rod"',
  '249.99',
  'hydraulic-components',
  'parker-hannifin',
  'active',
  'https://example.com/images/hc-32-100.jpg',
  '32 mm',
  '100 mm',
  '160 bar',
];

export const CSV_TEMPLATE = `${CSV_TEMPLATE_HEADERS.join(',')}\r\n${EXAMPLE_ROW.join(',')}\r\n`;
