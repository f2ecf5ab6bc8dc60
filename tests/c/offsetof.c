/* offsetof from stddef.h (which expands to __builtin_offsetof) with nested
 * members and array elements, and a container_of macro. */
#include <stddef.h>
#include <stdio.h>

struct inner { char a; int b[4]; };
struct outer {
    char tag;
    double d;
    struct inner in;
    struct inner arr[3];
};

struct list_head { struct list_head *next; };
struct item { int value; struct list_head link; };

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

int main(void)
{
    printf("%zu %zu %zu %zu\n", offsetof(struct outer, tag), offsetof(struct outer, d),
           offsetof(struct outer, in), offsetof(struct outer, in.b));
    printf("%zu %zu %zu\n", offsetof(struct outer, in.b[2]), offsetof(struct outer, arr[1].b[3]),
           __builtin_offsetof(struct inner, b[1]));
    struct item it = {42, {0}};
    struct list_head *h = &it.link;
    struct item *back = container_of(h, struct item, link);
    int i = 2;
    size_t dyn = offsetof(struct outer, arr[i]);
    printf("%d %zu\n", back->value, dyn);
    return 0;
}
