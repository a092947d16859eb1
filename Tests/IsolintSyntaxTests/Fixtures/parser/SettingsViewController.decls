import	6:1	UIKit
import	7:1	UserNotifications
import	9:1	MessageUI
protocol	12:1	SettingsViewControllerDelegate
func	13:5	settingsViewControllerDidFinish(_:)
func	14:5	settingsViewController(_:didChangeTheme:)
enum	17:1	Theme
case	18:10	system
case	18:18	light
case	18:25	dark
var	20:9	title
enum	29:9	Section
case	30:10	account
case	31:10	appearance
case	32:10	notifications
case	33:10	about
class	36:7	SettingsStore
let	37:16	shared
let	39:17	defaults
let	40:17	queue
var	41:17	cache
init	43:5	init(defaults:)
var	47:9	theme
closure	49:24	
closure	52:42	
var	59:9	notificationsEnabled
class	65:7	SettingsViewController
var	66:14	delegate
let	68:17	store
var	69:17	notificationStatus
var	75:17	themeObserver
var	76:17	foregroundObserver
init	78:5	init(store:)
init	83:14	init(coder:)
deinit	87:5	deinit
func	93:14	viewDidLoad()
closure	104:11	
closure	107:82	
func	113:19	done()
func	117:13	refreshNotificationStatus()
closure	118:68	
closure	119:38	
func	127:14	numberOfSections(in:)
func	131:14	tableView(_:numberOfRowsInSection:)
func	141:14	tableView(_:cellForRowAt:)
let	147:17	cell
closure	150:29	
let	155:17	cell
let	156:17	theme
let	161:17	cell
func	168:13	title(for:row:)
func	179:14	tableView(_:didSelectRowAt:)
let	183:17	theme
func	196:13	setNotifications(enabled:)
closure	201:100	
closure	202:38	
func	213:13	confirmSignOut()
let	214:13	alert
closure	215:79	
func	222:13	show(error:)
let	223:13	alert
func	228:13	contactSupport()
let	234:13	composer
func	243:13	openSupportPage()
closure	245:54	
extension	254:1	SettingsViewController
func	255:5	mailComposeController(_:didFinishWith:error:)
closure	256:44	
class	265:7	SwitchCell
let	266:16	reuseIdentifier
let	268:9	toggle
var	269:9	onToggle
init	271:14	init(style:reuseIdentifier:)
init	278:14	init(coder:)
func	282:19	changed()
func	286:14	prepareForReuse()
