/** reverify's version, recorded in traces; a test keeps it equal to package.json's. */
export const VERSION = '0.1.0'
