; The second file's EEPROM section follows the first's, aligned as it asks.
	.section .eeprom.config,"aw",@progbits
	.balign	4
	.global	config
config:	.byte	0xA5, 0x5A
	.ascii	"cfg"
