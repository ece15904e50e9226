# Targets of the cross-function database: its tests, and a database of the
# prepared Linux tree (directories in KERNEL_DB_DIRS).

KERNEL_DB_DIRS ?= kernel/ fs/ext4/ net/ipv4/

.PHONY: check-db kernel-db

check-db: smatch
	python3 validation/runtests.py $(wildcard validation/db/*.sh)

kernel-db: smatch
	smatch_scripts/prepare_kernel.sh $(BUILD)/linux-6.1
	smatch_scripts/build_kernel_data.sh -C $(BUILD)/linux-6.1 $(KERNEL_DB_DIRS)
