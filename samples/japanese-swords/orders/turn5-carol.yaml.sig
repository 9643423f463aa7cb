RìÆnß8caÇÜSõ4d¥¦%Ã`È#QDsoZtyÂä*h0#Tà@Lá–P¯³n™>|,©åf¼wq
