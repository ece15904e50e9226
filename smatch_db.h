/*
 * smatch_db.h: the cross-function database: reading return states of
 * callees from it (smatch_db.c) and the --info rows it is built from
 * (smatch_db_info.c).  Tables and columns: docs/database.md.
 */
#ifndef SMATCH_DB_H
#define SMATCH_DB_H

/* Must match the schema_version row of smatch_data/db/schema.sql. */
#define DB_SCHEMA_VERSION 2

/* The database file to read, or NULL for none. */
const char *db_path(void);

/* Registers the database reader and, with --info, the row printer. */
void register_db(void);
void register_db_info(void);

/* For other --info row printers (smatch_db_info.c). */
void info_row(const char *table, const char *fmt, ...);
bool reportable_lock(const char *key);
int held_info_locks(const char **locks, int max);
int intersect_info_locks(const char **locks, int nr);

/* The lock_op rows of each lock taken or released (smatch_lock_order_info.c). */
void register_lock_order_info(void);

#endif
