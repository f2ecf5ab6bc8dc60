/* A singly linked list: push, append through a pointer to pointer, reverse,
 * delete matching nodes, merge sort, and free. */
#include <stdio.h>
#include <stdlib.h>

typedef struct node {
    int value;
    struct node *next;
} node_t;

static node_t *push(node_t *head, int value)
{
    node_t *n = malloc(sizeof *n);
    n->value = value;
    n->next = head;
    return n;
}

static void append(node_t **head, int value)
{
    while (*head)
        head = &(*head)->next;
    *head = push(NULL, value);
}

static node_t *reverse(node_t *head)
{
    node_t *prev = NULL;
    while (head) {
        node_t *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static void remove_if(node_t **head, int (*pred)(int))
{
    for (node_t **pp = head; *pp;) {
        if (pred((*pp)->value)) {
            node_t *dead = *pp;
            *pp = dead->next;
            free(dead);
        } else {
            pp = &(*pp)->next;
        }
    }
}

static node_t *merge(node_t *a, node_t *b)
{
    node_t dummy = {0, NULL}, *tail = &dummy;
    while (a && b) {
        node_t **smaller = a->value <= b->value ? &a : &b;
        tail->next = *smaller;
        tail = tail->next;
        *smaller = (*smaller)->next;
    }
    tail->next = a ? a : b;
    return dummy.next;
}

static node_t *sort(node_t *head)
{
    if (!head || !head->next)
        return head;
    node_t *slow = head, *fast = head->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    node_t *second = slow->next;
    slow->next = NULL;
    return merge(sort(head), sort(second));
}

static int is_multiple_of_5(int v) { return v % 5 == 0; }

static void print(const char *label, const node_t *n)
{
    printf("%s:", label);
    for (; n; n = n->next)
        printf(" %d", n->value);
    printf("\n");
}

int main(void)
{
    node_t *list = NULL;
    for (int i = 0; i < 12; i++)
        list = push(list, (i * 7) % 13);
    append(&list, 99);
    print("built", list);
    list = reverse(list);
    print("reversed", list);
    remove_if(&list, is_multiple_of_5);
    print("filtered", list);
    list = sort(list);
    print("sorted", list);
    while (list) {
        node_t *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
