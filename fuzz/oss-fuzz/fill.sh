#!/usr/bin/env bash
# Writes the OSS-Fuzz project files with the three fields a maintainer fills in:
#   fuzz/oss-fuzz/fill.sh HOMEPAGE MAIN_REPO PRIMARY_CONTACT DEST
# e.g. DEST = projects/clasp in a google/oss-fuzz checkout. MAIN_REPO is the git URL OSS-Fuzz
# clones (project.yaml's main_repo and the Dockerfile's clone line); PRIMARY_CONTACT is the
# address that receives crash reports (a Google account). build.sh is copied as it is.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
usage="usage: fill.sh HOMEPAGE MAIN_REPO PRIMARY_CONTACT DEST"
[ $# -eq 4 ] || { echo "$usage" >&2; exit 2; }
homepage="$1" main_repo="$2" contact="$3" dest="$4"
for v in "$homepage" "$main_repo" "$contact"; do
  case "$v" in
    '' | *example.invalid* | *'"'* | *' '* | *'|'*) echo "fill.sh: not a value: '$v'" >&2; exit 2 ;;
  esac
done
case "$contact" in *@*.*) ;; *) echo "fill.sh: '$contact' is not an address" >&2; exit 2 ;; esac
mkdir -p "$dest"
sed -e '/^#/d' -e "s|^homepage: .*|homepage: \"$homepage\"|" \
    -e "s|^main_repo: .*|main_repo: \"$main_repo\"|" \
    -e "s|^primary_contact: .*|primary_contact: \"$contact\"|" \
    "$here/project.yaml" > "$dest/project.yaml"
sed -e "s|git clone --depth 1 https://example.invalid/clasp clasp|git clone --depth 1 $main_repo clasp|" \
    "$here/Dockerfile" > "$dest/Dockerfile"
cp "$here/build.sh" "$dest/build.sh"
if grep -n example.invalid "$dest/project.yaml" "$dest/Dockerfile" >&2; then
  echo "fill.sh: placeholders left" >&2
  exit 1
fi
echo "wrote $dest/{project.yaml,Dockerfile,build.sh}"
