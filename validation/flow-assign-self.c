/*
 * check-name: "n = DIV_ROUND_UP(n, 1000)" computes the new value from what
 * n held before (qed_mcp_cmd_and_union(): 500 * 1000 retries become 500),
 * and "n = n + 1" in a loop steps n as ++n does: the rounds not walked
 * step it further, so after the loop nothing is known of it
 */
void __smatch_value(unsigned int v);
int can_sleep(void);
int more(void);

void retries(void)
{
	unsigned int max_retries = 500 * 1000;

	if (can_sleep())
		max_retries = (max_retries + 1000 - 1) / 1000;
	__smatch_value(max_retries);
}

void count(void)
{
	unsigned int n = 0;

	while (more())
		n = n + 1;
	__smatch_value(n);
}
/*
 * check-output-start
validation/flow-assign-self.c:17 retries() info: value 'max_retries' = 500,500000
validation/flow-assign-self.c:26 count() info: value 'n' = 0-4294967295
 * check-output-end
 */
