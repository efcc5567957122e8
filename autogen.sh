#!/bin/sh
# autogen.sh - Create the build system of libgcrypt-pqc from a checkout.
set -e
cd "$(dirname "$0")"
mkdir -p m4 build-aux
autoreconf -fi
echo "Now run ./configure (see README)."
