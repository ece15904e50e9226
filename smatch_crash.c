/*
 * smatch_crash.c: turns a fatal signal while a file is read or analysed
 * (a Sparse parser bug, the stack exhausted) into one line naming the file and a documented exit status.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "smatch_cli.h"

#define ALT_STACK_SIZE	(1 << 16)

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

static const char *crash_file;		/* the file being read or analysed */
static const char *crash_phase = "start-up";
static char *guard_lo;			/* the inaccessible region below the analysis stack */
static size_t guard_size;
static struct sigaction old_actions[sizeof(fatal_signals) / sizeof(fatal_signals[0])];

static void say(const char *s)
{
	ssize_t unused = write(2, s, strlen(s));

	(void)unused;
}

/* The decimal form of a small number, without stdio (signal-safe). */
static const char *decimal(int n)
{
	static char buf[16];
	char *p = buf + sizeof(buf) - 1;

	*p = '\0';
	do {
		*--p = '0' + n % 10;
		n /= 10;
	} while (n && p > buf);
	return p;
}

/*
 * Runs on the alternate stack: a fault in the stack guard is input nested
 * too deeply (exit 2), anything else an internal error (exit 4).  Not
 * instrumented by ASan, whose hook before _exit() cannot tell this stack.
 */
__attribute__((no_sanitize("address")))
static void on_fatal_signal(int sig, siginfo_t *si, void *uc)
{
	char *addr = si->si_addr;

	say("smatch: ");
	say(crash_file ? crash_file : "input");
	if (sig == SIGSEGV && guard_lo && addr >= guard_lo && addr < guard_lo + guard_size) {
		say(": nested too deeply to analyse (stack exhausted)\n");
		_exit(2);
	}
	say(": internal error in the ");
	say(crash_phase);
	say(" (signal ");
	say(decimal(sig));
	say(")\n");
	_exit(EXIT_INTERNAL_ERROR);
}

/* What the message names from now on: the file and "parser" or "analysis". */
void crash_context(const char *file, const char *phase)
{
	crash_file = file;
	crash_phase = phase;
}

/*
 * Installs the handler for the calling thread (its own alternate signal
 * stack, whose previous setting goes to 'old' for uninstall_crash_handler());
 * 'lo' and 'size' give the guard region below the thread's stack, if any.
 */
void install_crash_handler(char *lo, size_t size, stack_t *old)
{
	static char alt_stack[ALT_STACK_SIZE];
	stack_t ss = { .ss_sp = alt_stack, .ss_size = sizeof(alt_stack) };
	struct sigaction sa = { .sa_sigaction = on_fatal_signal, .sa_flags = SA_SIGINFO | SA_ONSTACK };
	size_t i;

	guard_lo = lo;
	guard_size = size;
	sigaltstack(&ss, old);
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++)
		sigaction(fatal_signals[i], &sa, &old_actions[i]);
}

/* Gives back the former handlers and signal stack (a sanitizer's, say). */
void uninstall_crash_handler(const stack_t *old)
{
	size_t i;

	for (i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++)
		sigaction(fatal_signals[i], &old_actions[i], NULL);
	sigaltstack(old, NULL);
}
