import { IMPORT_FORMATS } from './dataApi';

export const n = (value: number) => value.toLocaleString('en-US');
export const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;
export const formatLabel = (format: string) => IMPORT_FORMATS.find((f) => f.value === format)?.label ?? format;
