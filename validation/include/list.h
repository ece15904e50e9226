/* Stand-ins for the kernel's doubly linked lists, for validation tests. */
#ifndef VALIDATION_LIST_H
#define VALIDATION_LIST_H

struct list_head { struct list_head *next, *prev; };

#define LIST_HEAD(name) struct list_head name = { &(name), &(name) }
#define offsetof(type, member) __builtin_offsetof(type, member)
#define container_of(ptr, type, member) ({			\
	void *__mptr = (void *)(ptr);				\
	((type *)(__mptr - offsetof(type, member))); })
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)
#define list_next_entry(pos, member) list_entry((pos)->member.next, typeof(*(pos)), member)
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_first_entry(head, typeof(*pos), member),	\
	     n = list_next_entry(pos, member);				\
	     &pos->member != (head);					\
	     pos = n, n = list_next_entry(n, member))

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
}

static inline void list_add(struct list_head *e, struct list_head *head)
{
	e->next = head->next;
	e->prev = head;
	head->next->prev = e;
	head->next = e;
}

static inline void list_move(struct list_head *e, struct list_head *head)
{
	list_del(e);
	list_add(e, head);
}

#endif
