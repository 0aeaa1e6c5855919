// The insert popup's grid, a part of table editing's chunk (table.toolbar.tsx declares it).
export { TableGrid as default } from './table-editing';
