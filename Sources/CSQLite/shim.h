#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call; this is its
/// on/off form (https://sqlite.org/c3ref/c_dbconfig_defensive.html).
static inline int tally_db_config_flag(sqlite3 *db, int option, int on) {
    return sqlite3_db_config(db, option, on, (int *)0);
}

/// `sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on)`, for the same reason.
static inline int tally_config_memory_statistics(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
