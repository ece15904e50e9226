# validation/cli/common.bash: what the validation/cli/*.sh tests share:
# run from the top of the checkout, a temporary directory, a fail flag.
set -u
cd "$(dirname "$0")/../.." || exit 1
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
