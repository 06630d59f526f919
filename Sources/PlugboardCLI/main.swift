print("plugboard")
