-- schema.sql: the tables of smatch's cross-function database (docs/database.md
-- describes every column); load_info.py creates a new database from it.

CREATE TABLE meta (
	key TEXT PRIMARY KEY,
	value TEXT
);
-- smatch_db.h DB_SCHEMA_VERSION must be the same number.
INSERT INTO meta (key, value) VALUES ('schema_version', '6');

CREATE TABLE files (
	path TEXT PRIMARY KEY,
	rows INTEGER NOT NULL,
	pass INTEGER NOT NULL
);

-- The rows each file's analysis read (smatch's "read" rows): a pass
-- re-analyses a file only when some of them changed (readers.py).
CREATE TABLE reads (
	file TEXT NOT NULL,
	kind TEXT NOT NULL,
	key TEXT NOT NULL
);
CREATE INDEX reads_key ON reads (kind, key);
CREATE INDEX reads_file ON reads (file);

CREATE TABLE functions (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL,
	file TEXT NOT NULL,
	static INTEGER NOT NULL,
	line INTEGER NOT NULL
);
CREATE INDEX functions_name ON functions (name);
CREATE INDEX functions_file ON functions (file);

CREATE TABLE calls (
	id INTEGER PRIMARY KEY,
	caller TEXT NOT NULL,
	file TEXT NOT NULL,
	callee TEXT NOT NULL,
	callee_static INTEGER NOT NULL,
	ptr INTEGER NOT NULL,
	line INTEGER NOT NULL,
	cond TEXT NOT NULL
);
-- (callee, file): a static function's calls are those of its own file
CREATE INDEX calls_callee ON calls (callee, file);
CREATE INDEX calls_file ON calls (file, caller);

CREATE TABLE call_locks (
	call_id INTEGER NOT NULL REFERENCES calls (id),
	lock TEXT NOT NULL,
	name TEXT NOT NULL,
	param TEXT NOT NULL
);
CREATE INDEX call_locks_call ON call_locks (call_id);

CREATE TABLE call_args (
	call_id INTEGER NOT NULL REFERENCES calls (id),
	param INTEGER NOT NULL,
	value TEXT NOT NULL,
	expr TEXT NOT NULL,
	passed_on INTEGER NOT NULL
);
CREATE INDEX call_args_call ON call_args (call_id);

CREATE TABLE return_states (
	id INTEGER PRIMARY KEY,
	function TEXT NOT NULL,
	file TEXT NOT NULL,
	static INTEGER NOT NULL,
	idx INTEGER NOT NULL,
	ret TEXT NOT NULL,
	line INTEGER NOT NULL
);
CREATE INDEX return_states_function ON return_states (function);
CREATE INDEX return_states_file ON return_states (file);

CREATE TABLE return_items (
	id INTEGER PRIMARY KEY,
	return_id INTEGER NOT NULL REFERENCES return_states (id),
	type TEXT NOT NULL,
	key TEXT NOT NULL,
	name TEXT NOT NULL,
	value TEXT NOT NULL,
	via TEXT NOT NULL
);
CREATE INDEX return_items_return ON return_items (return_id);

CREATE TABLE fn_ptrs (
	ptr TEXT NOT NULL,
	function TEXT NOT NULL,
	file TEXT NOT NULL,
	line INTEGER NOT NULL,
	how TEXT NOT NULL,
	in_function TEXT NOT NULL
);
CREATE INDEX fn_ptrs_ptr ON fn_ptrs (ptr);
CREATE INDEX fn_ptrs_function ON fn_ptrs (function);
CREATE INDEX fn_ptrs_file ON fn_ptrs (file);

CREATE TABLE sets (
	target TEXT NOT NULL,
	function TEXT NOT NULL,
	file TEXT NOT NULL,
	line INTEGER NOT NULL,
	value TEXT NOT NULL,
	expr TEXT NOT NULL,
	points_to TEXT NOT NULL
);
CREATE INDEX sets_target ON sets (target);
CREATE INDEX sets_file ON sets (file);

CREATE TABLE lock_ops (
	function TEXT NOT NULL,
	file TEXT NOT NULL,
	line INTEGER NOT NULL,
	op TEXT NOT NULL,
	lock TEXT NOT NULL,
	name TEXT NOT NULL,
	kind TEXT NOT NULL,
	recursive INTEGER NOT NULL,
	nested INTEGER NOT NULL,
	try INTEGER NOT NULL,
	callee TEXT NOT NULL,
	table_fn INTEGER NOT NULL,
	held TEXT NOT NULL
);
CREATE INDEX lock_ops_file ON lock_ops (file);

-- Derived by load_info.py from the tables above after each load.
CREATE TABLE lock_effects (
	function TEXT NOT NULL,
	file TEXT NOT NULL,
	static INTEGER NOT NULL,
	action TEXT NOT NULL,
	lock TEXT NOT NULL,
	name TEXT NOT NULL,
	kind TEXT NOT NULL,
	ret TEXT NOT NULL,
	all_returns INTEGER NOT NULL
);
CREATE INDEX lock_effects_function ON lock_effects (function);

CREATE TABLE lock_requirements (
	callee TEXT NOT NULL,
	callee_file TEXT NOT NULL,
	lock TEXT NOT NULL,
	held_calls INTEGER NOT NULL,
	calls INTEGER NOT NULL,
	held_callers INTEGER NOT NULL,
	callers INTEGER NOT NULL
);
CREATE INDEX lock_requirements_callee ON lock_requirements (callee);
