export function publishCallApi(_api: object): void {}
