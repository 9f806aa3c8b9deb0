; include: ipath
; defines: WIDE=2 NARROW
; -I folders: #include "x" looks next to the file first, then in the -I folders; #include <x> looks
; in the -I folders. -DNAME=VALUE and -DNAME as gcc takes them.
#include "keys.h"
#include <keys.h>
	ldi r16, KEY0
	ldi r17, KEY1
	ldi r18, WIDE
	ldi r19, NARROW
