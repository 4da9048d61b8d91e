// Lint rules (docs/design.md §9): ESLint's and typescript-eslint's recommended sets, plus
// the few house rules a formatter cannot check.
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'dist.next/', 'dist.old/', 'build/', 'coverage/', 'node_modules/', '__tests__/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused code is dead code; a leading underscore marks a deliberate placeholder.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Errors are compared by name and described in one line (src/core/errors.ts).
      'no-throw-literal': 'error',
      eqeqeq: ['error', 'always'],
      'prefer-const': 'error',
      // Stripping control characters from untrusted text is the point of several patterns.
      'no-control-regex': 'off'
    }
  },
  {
    // Tests read parsed JSON and fixtures loosely on purpose.
    files: ['__tests__/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' }
  }
)
