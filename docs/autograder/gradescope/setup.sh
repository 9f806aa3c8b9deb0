#!/bin/sh
# Gradescope autograder set-up (runs once, when the image is built): install the avrlab binary that the
# autograder zip carries (build it with: GOOS=linux GOARCH=amd64 go build -o avrlab ./cmd/avrlab).
set -e
install -m 755 /autograder/source/avrlab /usr/local/bin/avrlab
