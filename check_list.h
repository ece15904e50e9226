/* Every check module, once: CK(register function). Order is hook order. */
CK(check_debug)
CK(check_double_lock)
CK(check_inconsistent_locking)
CK(check_lock_requirements)
CK(check_sleep_in_atomic)
CK(check_lock_lifecycle)
