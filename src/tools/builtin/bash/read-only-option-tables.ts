import { optionTable } from "./option-table.js";

/*
 * Allow-lists of harmless options, one per program, spelled as `optionTable` reads them
 * (`-x` flag, `-x=` valued, `-x?` optional attached value; the same with `--name`). Each list is
 * the program's documented options (`--help` and the manual of the version named) minus those
 * that write a file, run a program or change the system, which are named in the comment above
 * it. An option missing here only costs a question; an option wrongly here is a hole.
 */

/** GNU sort 9. Left out: `-o/--output` (writes), `--compress-program` (runs a program), `-T/--temporary-directory` (writes there). */
export const SORT = optionTable(`
  -b -d -f -g -i -M -h -n -R -r -V -c -C -m -s -u -z -k= -S= -t=
  --ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort
  --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --random-sort
  --random-source= --reverse --sort= --version-sort --batch-size= --check? --debug
  --files0-from= --key= --merge --stable --buffer-size= --field-separator= --parallel=
  --unique --zero-terminated --help --version
`);

/** GNU uniq 9 (`-N` is the obsolete "skip N fields"). Its second operand is an output file (see the rule). */
export const UNIQ = optionTable(
  `
  -c -d -D -f= -i -s= -u -z -w= --count --repeated --all-repeated? --skip-fields= --group?
  --ignore-case --skip-chars= --unique --zero-terminated --check-chars= --help --version
`,
  true,
);

/** GNU date 9. Left out: `-s/--set` (sets the clock; so does an `MMDDhhmm` operand, see the rule). */
export const DATE = optionTable(`
  -d= -f= -I? -R -r= -u --date= --debug --file= --iso-8601? --resolution --rfc-email
  --rfc-3339= --reference= --utc --universal --help --version
`);

/** net-tools hostname 2.10. Left out: `-b/--boot`, `-F/--file` (set the name; so does an operand). */
export const HOSTNAME = optionTable(`
  -a -A -d -f -i -I -s -y -V -h --alias --all-fqdns --domain --fqdn --long --ip-address
  --all-ip-addresses --short --yp --nis --version --help
`);

/** file 5.44. Left out: `-C/--compile` (writes `magic.mgc`), `-p/--preserve-date` (rewrites times), `-S/--no-sandbox`. */
export const FILE = optionTable(`
  -v -m= -z -Z -b -c -e= -f= -F= -i -k -l -L -h -n -N -0 -P= -r -s -d
  --help --version --magic-file= --uncompress --uncompress-noreport --brief
  --checking-printout --exclude= --exclude-quiet= --files-from= --separator= --mime --apple
  --extension --mime-type --mime-encoding --keep-going --list --dereference --no-dereference
  --no-buffer --no-pad --print0 --parameter= --raw --special-files --debug
`);

/** ripgrep 13 and 14. Left out: `--pre` (runs a preprocessor), `--hostname-bin` (runs a program). */
export const RG = optionTable(`
  -. -0 -F -H -I -L -N -P -S -U -V -a -b -c -h -i -l -n -o -p -q -s -u -v -w -x -z
  -A= -B= -C= -E= -M= -T= -e= -f= -g= -j= -m= -r= -t= -d=
  --auto-hybrid-regex --no-auto-hybrid-regex --binary --no-binary --block-buffered
  --no-block-buffered --byte-offset --no-byte-offset --case-sensitive --column --no-column
  --count --count-matches --crlf --no-crlf --debug --trace --fixed-strings --no-fixed-strings
  --files --files-with-matches --files-without-match --follow --no-follow
  --glob-case-insensitive --no-glob-case-insensitive --heading --no-heading --help --hidden
  --no-hidden --ignore-case --ignore-file-case-insensitive --no-ignore-file-case-insensitive
  --include-zero --no-include-zero --invert-match --no-invert-match --json --no-json
  --line-buffered --no-line-buffered --line-number --no-line-number --line-regexp
  --max-columns-preview --no-max-columns-preview --mmap --no-mmap --multiline --no-multiline
  --multiline-dotall --no-multiline-dotall --no-config --no-context-separator --no-filename
  --with-filename --no-ignore --ignore --no-ignore-dot --ignore-dot --no-ignore-exclude
  --ignore-exclude --no-ignore-files --ignore-files --no-ignore-global --ignore-global
  --no-ignore-messages --ignore-messages --no-ignore-parent --ignore-parent --no-ignore-vcs
  --ignore-vcs --no-messages --messages --no-pcre2-unicode --pcre2-unicode --no-require-git
  --require-git --no-unicode --unicode --null --null-data --one-file-system
  --no-one-file-system --only-matching --passthru --passthrough --pcre2 --no-pcre2
  --pcre2-version --no-pre --pretty --quiet --search-zip --no-search-zip --smart-case
  --sort-files --no-sort-files --stats --no-stats --stop-on-nonmatch --text --no-text --trim
  --no-trim --type-list --unrestricted --version --vimgrep --word-regexp --no-encoding
  --after-context= --before-context= --color= --colors= --context= --context-separator=
  --dfa-size-limit= --encoding= --engine= --field-context-separator= --field-match-separator=
  --file= --glob= --iglob= --ignore-file= --max-columns= --max-count= --max-depth= --maxdepth=
  --max-filesize= --path-separator= --pre-glob= --regex-size-limit= --regexp= --replace=
  --sort= --sortr= --threads= --type= --type-add= --type-clear= --type-not=
  --hyperlink-format= --generate=
`);

/** npm 9/10 `ls`/`list`. Left out: every config option that names a file or directory (`--userconfig`, `--logs-dir`, `--cache`, `--prefix`, …). */
export const NPM_LS = optionTable(`
  -a -l -p -g -w= --all --json --long --parseable --global --depth= --omit= --include= --link
  --package-lock-only --unicode --no-unicode --workspace= --workspaces --include-workspace-root
  --install-links --production --dev
`);

/** pip 23 general options. Left out: `--log` (writes), `--cache-dir` (writes), `--python` (runs another interpreter). */
const PIP_GENERAL = `
  -h -v -V -q --help --debug --isolated --require-virtualenv --verbose --version --quiet
  --no-input --keyring-provider= --proxy= --retries= --timeout= --exists-action=
  --trusted-host= --cert= --client-cert= --no-cache-dir --disable-pip-version-check
  --no-color --no-python-version-warning --use-feature= --use-deprecated=
`;

/** pip 23 `list`. */
export const PIP_LIST = optionTable(`${PIP_GENERAL}
  -o -u -e -l -i= -f= --outdated --uptodate --editable --local --user --path= --pre --format=
  --not-required --exclude-editable --include-editable --exclude= --index-url=
  --extra-index-url= --no-index --find-links=
`);

/** pip 23 `show`. */
export const PIP_SHOW = optionTable(`${PIP_GENERAL} -f --files`);
