/* outfile_tmp.h - private to render/: temporary output files that a terminating signal removes
 * (outfile_tmp.c). */
#ifndef PS_OUTFILE_TMP_H
#define PS_OUTFILE_TMP_H

/* Remember path (not copied: it must stay valid until ps_tmp_forget) as a temporary file to
 * unlink when a terminating signal (outfile_tmp.c's list: SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * SIGUSR1, SIGALRM, SIGXCPU, ...) ends the process; the first call installs the handlers
 * (which then re-raise the signal with its default action). Returns a slot for
 * ps_tmp_forget, or -1 when every slot is taken (the file is then not removed on a signal). */
int ps_tmp_remember(const char *path);
/* Stop removing the file of slot (from ps_tmp_remember; -1 is ignored). */
void ps_tmp_forget(int slot);

#endif
