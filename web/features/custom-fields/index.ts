// The custom-fields feature's public module: the member profile form reads the app's fields.
export { customFieldsQuery, type CustomField } from './custom-fields-api';
