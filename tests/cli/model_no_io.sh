#!/usr/bin/env bash
# The model does no I/O (docs/architecture.md): no source under model/ calls the file system or
# the dynamic loader (open, stat, opendir, fread/fwrite on files, dlopen, ...). Files are read,
# examined and written by io/, parser/, store/, render/ and cli/; the model takes what they
# found as values (e.g. io/inputs.c asks the file system for device and inode, not the model).
# Comments and string literals are not code: they are blanked before the search.
set -u
src=${PS_SOURCE_DIR:?}/model
[ -d "$src" ] || { echo "FAIL: $src missing"; exit 1; }
calls='fopen|fdopen|freopen|open|openat|creat|stat|fstat|lstat|fstatat|access|opendir|readdir|scandir|fread|fwrite|fgets|getline|read|pread|write|pwrite|unlink|rename|remove|mkdir|rmdir|chmod|mkstemp|tmpfile|realpath|dlopen|dlsym|popen|system'
found=$(find "$src" -name '*.c' -print0 | sort -z | xargs -0 perl -0777 -ne '
  my $t = $_;
  $t =~ s{/\*.*?\*/}{ my $c = $&; $c =~ s/[^\n]/ /g; $c }gse;   # comments, keeping line numbers
  $t =~ s{//[^\n]*}{}g;
  $t =~ s{"(?:\\.|[^"\\\n])*"}{""}g;                              # string literals
  my $n = 0;
  for my $line (split /\n/, $t, -1) {
    $n++;
    print "$ARGV:$n: $1\n" while $line =~ /(?<![\w.>])('"$calls"')\s*\(/g;
  }')
if [ -n "$found" ]; then
  echo "FAIL: file-system calls in the model (move them to io/ or the readers, pass the result in):"
  echo "$found"
  exit 1
fi
n=$(find "$src" -name '*.c' | wc -l)
[ "$n" -gt 20 ] || { echo "FAIL: only $n sources under $src"; exit 1; }
echo "model: $n sources, no file-system call"
