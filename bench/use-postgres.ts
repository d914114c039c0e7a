// Imported first by a benchmark: test/support/databases.ts reads the backend when it loads.
process.env.TESSERA_TEST_BACKEND ??= 'postgres';
