from rulecheck.cli import main

main()
