; .message, .warning, #message and #warning print with their position; the code is unaffected.
.include "m128def.inc"
.message "hello from .message"
	nop
.warning "careful: a .warning"
#message "hello from #message"
#warning "careful: a #warning"
.if 0
.message "not printed"
.endif
	ret
