const char *s(void)
{
	return "never closed;
}
