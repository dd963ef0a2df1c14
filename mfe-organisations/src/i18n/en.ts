// The `organisations` namespace: the spec's texts exactly where it gives them (Retailer Name is required).
export const en = {
  menu: {
    aggregators: 'Aggregators',
    retailers: 'Electricity Retailers',
  },
  common: {
    action: 'Action',
    created: 'Created',
    yes: 'Yes',
    no: 'No',
    save: 'Save',
    cancel: 'Cancel',
  },
  aggregators: {
    title: 'Aggregators',
    name: 'Name',
    electricians: 'Electricians',
    add: 'Add Aggregator',
    edit: 'Edit Aggregator',
    deleteTitle: 'Delete Aggregator',
    deleteText: 'Are you sure you want to delete {{name}}?',
    nameRequired: 'Name is required',
    nameTooLong: 'Name should be less than 200 character',
  },
  retailers: {
    title: 'Electricity Retailers',
    name: 'Retailer Name',
    topListed: 'Top Listed',
    properties: 'Properties',
    add: 'Add Retailer',
    edit: 'Edit Retailer',
    deleteTitle: 'Delete Retailer',
    deleteText: 'Are you sure you want to delete {{name}}?',
    nameRequired: 'Retailer Name is required',
    nameTooLong: 'Retailer Name should be less than 200 character',
  },
  standalone: {
    title: 'mfe-organisations',
  },
};

export type OrganisationsTexts = typeof en;
