C_H __FILE__
