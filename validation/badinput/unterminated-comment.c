int f(void)
{
	return 0;
}

/* a comment that is never closed
int g(void) { return 1; }
